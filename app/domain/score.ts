/** A score: goals of the home team and of the away team. */
export interface Score {
  home: number;
  away: number;
}
