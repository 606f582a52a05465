import type { ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

/** The first stdout line of a child process that matches, or a rejection if it exits first. */
export const firstLineMatching = (child: ChildProcess, pattern: RegExp): Promise<string> =>
  new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error('the process has no stdout pipe'))
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (pattern.test(line)) resolve(line)
    })
    child.once('exit', (code) => reject(new Error(`the process exited early with code ${code}`)))
  })
