/** In-flight requests the renderer may cancel, by the id it chose for each. */
export class RequestRegistry {
  private readonly controllers = new Map<string, AbortController>()

  async run<T>(requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    this.controllers.set(requestId, controller)
    try {
      return await work(controller.signal)
    } finally {
      this.controllers.delete(requestId)
    }
  }

  cancel(requestId: string): boolean {
    const controller = this.controllers.get(requestId)
    controller?.abort()
    return controller !== undefined
  }
}
