import * as migration_20261128_142631_initial from './20261128_142631_initial';
import * as migration_20261128_194900_vehicle from './20261128_194900_vehicle';

export const migrations = [
  {
    up: migration_20261128_142631_initial.up,
    down: migration_20261128_142631_initial.down,
    name: '20261128_142631_initial',
  },
  {
    up: migration_20261128_194900_vehicle.up,
    down: migration_20261128_194900_vehicle.down,
    name: '20261128_194900_vehicle'
  },
];
