// Contest and team chat (API.md "Chat"), the same panel on the contest's detail (remote-contests) and on the live and
// trading screens (remote-trading). Pure code outside the @bullpen/shared singleton, like the analytics panel: its
// reads go through the singleton's API client and SWR cache. The component imports its stylesheet itself.

export { ChatPanel, type ChatPanelProps } from './chat-panel';
export { CHAT_LINK_REL, ChatText } from './chat-text';
export { chatKey, useChatEvents, useChatMessages, useDeleteChat, useMuteChat, usePostChat } from './use-chat';
