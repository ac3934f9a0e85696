import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { AttributesOf } from '@lms/jsonapi';
import { type RealtimeSocket, SocketBody } from '@lms/realtime';
import { pushedMessage } from './chat.resource';
import type { ChatSocketEvents } from './chat-events';
import { chatPostRules } from './chat.rules';
import { ChatService } from './chat.service';

/**
 * The messaging socket (`/socket/messages`): every socket is in its user's room, where the rooms'
 * `room update` and `messages update` arrive; `msg_msg {chatId, message, reply_message_id?}` posts
 * as `POST /message/message` does and is acknowledged with the message (a room the caller is not
 * in: 404).
 */
@WebSocketGateway()
export class ChatGateway {
  constructor(private readonly chat: ChatService) {}

  @SubscribeMessage('msg_msg')
  async post(
    @ConnectedSocket() socket: RealtimeSocket<ChatSocketEvents>,
    @SocketBody(chatPostRules) input: AttributesOf<typeof chatPostRules>,
  ) {
    return pushedMessage(await this.chat.post(socket.data.auth, input));
  }
}
