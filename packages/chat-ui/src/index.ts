export { MessageList, MessageItem, MessageFiles } from './message-list';
export type { MessageListProps, MessageItemProps, MessageFile } from './message-list';
export { Composer, ACCEPTED_FILES_MESSAGE } from './composer';
export type { ComposerProps, ComposerAttachments } from './composer';
