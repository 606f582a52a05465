/**
 * A cheap number for a text: its length and its last eight characters (addresses end in
 * checksum or random characters). Cells come out of the reader as new slices of the file's text,
 * and a Map keyed by such a string hashes all of it in the engine's slow path, row after row;
 * this reads eight characters, and `===` settles texts that share the number.
 */
const numberOf = (text: string): number => {
  const end = text.length
  let hash = end
  for (let at = end > 8 ? end - 8 : 0; at < end; at += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  }
  // Kept within a small integer, so the engine stores it without boxing a number per text.
  return hash & 0x3fffffff
}

/**
 * What was worked out once for each text, found again by the text's number: a list repeats its
 * addresses, so every row is a lookup, and a table of its own (open addressing over a typed
 * array) measured faster per row than a Map from numbers to chains of texts.
 */
export class TextMemo<T> {
  /** Per slot, 1 + the index of the entry there, or 0 when the slot is free. */
  private slots = new Int32Array(1024)
  private numbers: number[] = []
  private texts: string[] = []
  private values: T[] = []

  /** What `work` makes of `text`, worked out the first time the text is seen. */
  of(text: string, work: (text: string) => T): T {
    const number = numberOf(text)
    const mask = this.slots.length - 1
    let slot = number & mask
    for (let entry = this.slots[slot]!; entry !== 0; entry = this.slots[slot]!) {
      if (this.numbers[entry - 1] === number && this.texts[entry - 1] === text) {
        return this.values[entry - 1]!
      }
      slot = (slot + 1) & mask
    }
    const value = work(text)
    this.numbers.push(number)
    this.texts.push(text)
    this.values.push(value)
    this.slots[slot] = this.texts.length
    // Kept at most half full, so a text not seen yet meets a free slot within a step or two.
    if (this.texts.length * 2 > this.slots.length) this.grow()
    return value
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2)
    const mask = this.slots.length - 1
    this.numbers.forEach((number, index) => {
      let slot = number & mask
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask
      this.slots[slot] = index + 1
    })
  }
}
