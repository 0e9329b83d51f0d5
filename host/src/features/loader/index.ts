export { FullScreenLoader, PageLoader } from './components/page-loader';
