import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { bridgeErrorNames, type BridgeHandlers } from '../../shared/bridge'
import {
  bridgeSocketPath,
  socketCallSchema,
  socketFrameAllowanceBytes,
  socketMaxFrameBytes,
  type SocketAnswer,
  type SocketCall,
} from '../../shared/bridge/socketFrames'
import { dispatchBridgeCall, type BridgeFailureLogger } from '../bridge/dispatchBridgeCall'
import { busyRefusal, hostRefusal, maxInputBytesOf, tooLargeRefusal } from './hostCalls'
import type { BodyBudget } from './requestBodies'

/** Why a page may not open the socket: the same refusals as its HTTP calls would meet. */
export interface UpgradeRefusal {
  status: number
  message: string
}

export interface BridgeSocketOptions {
  handlers: BridgeHandlers
  logFailure?: BridgeFailureLogger
  /** Shared with HTTP bodies: a frame is held, like a body, until its call is answered. */
  budget: BodyBudget
  /** Host, Origin and session, judged once, when the page opens the socket. */
  refusalOf(request: IncomingMessage): UpgradeRefusal | null
}

export interface BridgeSocket {
  /** Drops every page's socket: their calls in flight fail as a dead host's would. */
  close(): void
}

/** The host answers an upgrade it refuses over HTTP and drops the connection: no socket opens. */
const refuseUpgrade = (connection: Duplex, { status, message }: UpgradeRefusal): void => {
  const body = JSON.stringify({ message })
  connection.end(
    `HTTP/1.1 ${status} Refused\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

const bufferOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)

const readCall = (text: string): SocketCall | null => {
  try {
    const call = socketCallSchema.safeParse(JSON.parse(text))
    return call.success ? call.data : null
  } catch {
    return null
  }
}

/**
 * Serves bridge calls on the page's socket (see `bridgeSocketPath`): every frame is one call,
 * bounded by its method's input limit and by the host's shared budget like an HTTP body, served
 * by the same dispatch, and answered under its id as soon as it is done, in any order.
 */
export function serveBridgeSocket(server: Server, options: BridgeSocketOptions): BridgeSocket {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: socketMaxFrameBytes })
  sockets.on('error', (error) => options.logFailure?.('bridge socket', error))

  const answer = async (socket: WebSocket, call: SocketCall, bytes: number): Promise<void> => {
    const maxBytes = maxInputBytesOf(call.method)
    const send = (reply: SocketAnswer['reply']): void => {
      // A page gone before its answer: the call was served all the same, as over HTTP.
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id: call.id, reply }))
    }
    if (bytes > maxBytes + socketFrameAllowanceBytes)
      return send(tooLargeRefusal(call.method, maxBytes))
    if (!options.budget.take(bytes, false)) return send(busyRefusal())
    try {
      send(await dispatchBridgeCall(options.handlers, call.method, call.input, options.logFailure))
    } catch (error) {
      options.logFailure?.('bridge socket', error)
      // As over HTTP: a call that failed after its handler ran may have asked the service.
      send(
        hostRefusal(500, 'The host failed to answer.', {
          name: bridgeErrorNames.internal,
          mayHaveReachedService: true,
        }),
      )
    } finally {
      options.budget.give(bytes)
    }
  }

  const serveCalls = (socket: WebSocket): void => {
    // A broken frame from the page is logged and the socket closed; it must not end the host.
    socket.on('error', (error) => options.logFailure?.('bridge socket', error))
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const frame = bufferOf(data)
      const call = isBinary ? null : readCall(frame.toString('utf8'))
      // Without a readable id there is nobody to answer: only a page that is not the app sends it.
      if (call === null) return socket.close(1007, 'Not a bridge call.')
      void answer(socket, call, frame.length)
    })
  }

  server.on('upgrade', (request: IncomingMessage, connection: Duplex, head: Buffer) => {
    const path = (request.url ?? '/').split('?')[0]
    const refusal =
      path === bridgeSocketPath
        ? options.refusalOf(request)
        : { status: 404, message: 'Not found.' }
    if (refusal) return refuseUpgrade(connection, refusal)
    sockets.handleUpgrade(request, connection, head, serveCalls)
  })

  return {
    close: () => {
      for (const socket of sockets.clients) socket.terminate()
      sockets.close()
    },
  }
}
