import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { CrsMessage, CrsRoom, CrsVote, CrsVoteAnswer, CrsXapiStatement } from './crs/crs.entity';
import { PresenceDetail, PresenceSession } from './sessions/presence.entity';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  PresenceSession,
  PresenceDetail,
  CrsRoom,
  CrsMessage,
  CrsVote,
  CrsVoteAnswer,
  CrsXapiStatement,
];
