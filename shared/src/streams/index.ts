// The API's event streams (API.md: the live contest's, the chat's), read over fetch and kept open by one hook. Pure
// code outside the @bullpen/shared singleton, bundled into the apps that import it; the reads take the API host and
// the session's token from the singleton.

export { readEventStream, type StreamEvent } from './read-event-stream';
export { type EventStreamOptions, useEventStream } from './use-event-stream';
