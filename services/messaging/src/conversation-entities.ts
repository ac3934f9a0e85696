import { Announcement, AnnouncementSeen } from './announcements/announcement.entity';
import { ChatMember, ChatMessage, ChatRoom } from './chat/chat.entity';
import { CourseMessage, CourseMessageSetting } from './messages/course-message.entity';
import { News } from './news/news.entity';

/** The tables of messages, chat rooms, announcements and news (one line in `ENTITIES`). */
export const CONVERSATION_ENTITIES = [
  ChatRoom,
  ChatMember,
  ChatMessage,
  CourseMessage,
  CourseMessageSetting,
  Announcement,
  AnnouncementSeen,
  News,
];
