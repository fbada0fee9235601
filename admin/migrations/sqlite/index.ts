import * as migration_20261128_142631_initial from './20261128_142631_initial';

export const migrations = [
  {
    up: migration_20261128_142631_initial.up,
    down: migration_20261128_142631_initial.down,
    name: '20261128_142631_initial'
  },
];
