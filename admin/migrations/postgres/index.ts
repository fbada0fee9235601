import * as migration_20261128_142639_initial from './20261128_142639_initial';

export const migrations = [
  {
    up: migration_20261128_142639_initial.up,
    down: migration_20261128_142639_initial.down,
    name: '20261128_142639_initial'
  },
];
