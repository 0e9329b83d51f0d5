export { useStandingsPage } from './api/standings-api';
export { FinalBoard } from './components/final-board';
export { Podium, StandingsTable, TeamStandingsTable } from './components/standings-views';
