export { Toaster } from './components/toaster';
