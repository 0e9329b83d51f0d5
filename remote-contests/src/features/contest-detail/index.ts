export { ContestActions } from './components/contest-actions';
export { YourPlace } from './components/your-place';
