// Toasts go through the host's one toast store (@bullpen/shared); failed calls show the server's message.
export { notifyError, toast } from '@bullpen/shared';
