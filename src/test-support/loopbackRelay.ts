import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A loopback relay in front of the team server that a test can cut and restore, so a desk goes
 * offline and comes back on the very address it joined with.
 */
export async function loopbackRelay(
  target: URL,
): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((socket) => {
        const upstream = connect(Number(target.port), target.hostname)
        for (const end of [socket, upstream]) {
          sockets.add(end)
          end.on('close', () => sockets.delete(end))
          end.on('error', () => undefined)
        }
        socket.pipe(upstream).pipe(socket)
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })
  await listen()
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server!.close(() => resolve())
      }),
    restore: listen,
  }
}
