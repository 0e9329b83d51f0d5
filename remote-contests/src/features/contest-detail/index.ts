export { ContestActions } from './components/contest-actions';
export { ContestChat } from './components/contest-chat';
export { YourPlace } from './components/your-place';
