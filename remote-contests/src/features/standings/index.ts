export { Podium, StandingsTable, TeamStandingsTable } from './components/standings-views';
