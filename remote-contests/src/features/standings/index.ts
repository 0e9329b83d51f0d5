export { Podium } from './components/podium';
