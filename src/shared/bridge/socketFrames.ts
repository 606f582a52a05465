import { z } from 'zod'
import { bridgeReplySchema } from './errors'
import { bridgeContract, isBridgeMethod } from './index'

/**
 * The browser mode's channel for small calls: one WebSocket per page to the host, the stand-in for
 * Electron's IPC. A fetch costs Chromium about 2 ms of its own on these machines, a message on an
 * open socket a quarter of that; large inputs (a backup's chunks, an export's parts) keep to HTTP,
 * where the host bounds every body by its method's limit and by what all calls may hold together.
 */
export const bridgeSocketPath = '/bridge-socket'

/** The largest input a call may have to travel by the socket: what the host keeps for small calls. */
export const socketMaxInputBytes = 64 * 1024

/** Room in a frame for its id and method name beside the input. */
export const socketFrameAllowanceBytes = 512

/** The most a frame may hold; a larger one closes the socket (the transport never sends one). */
export const socketMaxFrameBytes = socketMaxInputBytes + socketFrameAllowanceBytes

/** A method whose input may be larger than the socket carries goes by HTTP, whatever its size now. */
export const travelsBySocket = (method: string): boolean =>
  isBridgeMethod(method) && bridgeContract[method].maxInputBytes <= socketMaxInputBytes

/** A call: its id, unique on its socket, pairs it with its answer, which may come in any order. */
export const socketCallSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  method: z.string().max(200),
  input: z.unknown().optional(),
})
export type SocketCall = z.infer<typeof socketCallSchema>

export const socketAnswerSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  reply: bridgeReplySchema,
})
export type SocketAnswer = z.infer<typeof socketAnswerSchema>
