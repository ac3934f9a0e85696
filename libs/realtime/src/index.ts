/**
 * `@lms/realtime`: socket.io for a service (messaging at `/socket/messages`, presence at
 * `/socket/crs`) as Nest gateways, authenticated with the access token (revoked sessions
 * refused and disconnected), rooms per campus, user and session, the Redis adapter in stack
 * mode. In the service's module, a gateway and any provider:
 *
 *     RealtimeModule.forRoot({ path: '/socket/messages', redisUrl: config.redisUrl, campusOfHost })
 *
 *     @WebSocketGateway()
 *     export class MessagesGateway {
 *       @SubscribeMessage('msg_msg')
 *       send(@ConnectedSocket() socket: RealtimeSocket, @SocketBody(SendMessage) input: SendMessage) {}
 *     }
 *
 *     constructor(private readonly sockets: RealtimeEmitter<MessageSocketEvents>) {}
 *     this.sockets.toUser(tenantId, userId).emit('room update', room);
 */
export { RealtimeAdapter } from './realtime.adapter';
export type {
  EventsMap,
  RealtimeOptions,
  RealtimeServer,
  RealtimeSocket,
  SocketData,
} from './realtime.adapter';
export { RealtimeEmitter } from './realtime.emitter';
export { RealtimeModule } from './realtime.module';
export { InertSocketAdapter, useRealtimeAdapter } from './install';
export { SocketBody } from './socket-body';
export { SocketExceptionFilter } from './socket-errors';
export { tenantRoom, userRoom } from './rooms';
