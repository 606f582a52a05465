/**
 * Runs `work` while no other page of this app holds the lock `name`, so two tabs never drive the
 * same stored work at once; resolves when it is this page's turn. A Web Lock, released when the
 * page goes away or when the returned function is called.
 */
export function exclusively(name: string, work: () => Promise<void>): () => void {
  let release = (): void => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  void navigator.locks.request(name, async () => {
    await work()
    await held
  })
  return release
}
