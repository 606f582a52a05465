import type { WebSocket } from '@playwright/test'
import { bridgeHttpPathPrefix } from '../src/shared/bridge'
import { bridgeSocketPath, socketAnswerSchema } from '../src/shared/bridge/socketFrames'
import { expect, test } from './fixtures/browserModeTest'

/**
 * The page sends its small calls on one socket to the host (the stand-in for Electron's IPC): the
 * page's CSP lets it open, and nothing falls back to HTTP unnoticed, which would only be slower.
 */
test('the page calls the main side on its socket, one socket per page, and not by HTTP', async ({
  entities,
  shell,
}) => {
  const sockets: WebSocket[] = []
  const sent: string[] = []
  let answered = 0
  shell.page.on('websocket', (socket) => {
    sockets.push(socket)
    socket.on('framesent', ({ payload }) => sent.push(String(payload)))
    socket.on('framereceived', ({ payload }) => {
      if (socketAnswerSchema.safeParse(JSON.parse(String(payload))).success) answered += 1
    })
  })
  const byHttp: string[] = []
  shell.page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith(bridgeHttpPathPrefix)) byHttp.push(pathname)
  })

  await shell.reload()
  await entities.open()
  await expect(entities.rows.first()).toBeVisible()

  expect(sockets.map((socket) => new URL(socket.url()).pathname)).toEqual([bridgeSocketPath])
  expect(sent.some((frame) => frame.includes('"method":"entities.list"'))).toBe(true)
  // Every call sent is answered on the socket it went out on.
  await expect.poll(() => answered).toBe(sent.length)
  expect(byHttp).toEqual([])
})
