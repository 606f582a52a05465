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

/** Runs `work` once no other page of this app is running work under `name`; resolves with it. */
export const oneAtATime = <T>(name: string, work: () => Promise<T>): Promise<T> =>
  // The lock manager awaits the promise the work returns; its typings nest it once more.
  navigator.locks.request(name, work) as unknown as Promise<T>
