import * as migration_20261128_142639_initial from './20261128_142639_initial';
import * as migration_20261128_194943_vehicle from './20261128_194943_vehicle';
import * as migration_20261129_051249_object_key from './20261129_051249_object_key';
import * as migration_20261129_074731_workshop_note from './20261129_074731_workshop_note';
import * as migration_20261129_111638_case_links from './20261129_111638_case_links';
import * as migration_20261202_132957_login_limit_auto_close from './20261202_132957_login_limit_auto_close';
import * as migration_20261202_134021_agreement_erasures from './20261202_134021_agreement_erasures';
import * as migration_20261203_151240_jobs_concurrency_key from './20261203_151240_jobs_concurrency_key';
import * as migration_20261203_155402_booking_claims from './20261203_155402_booking_claims';
import * as migration_20261203_160005_calendar_days from './20261203_160005_calendar_days';
import * as migration_20261203_163345_booking_time from './20261203_163345_booking_time';
import * as migration_20261204_165526_booking_calendar_event from './20261204_165526_booking_calendar_event';
import * as migration_20261204_175422_booking_reminder from './20261204_175422_booking_reminder';
import * as migration_20261204_175939_calendar_week from './20261204_175939_calendar_week';
import * as migration_20261204_212724_booking_link from './20261204_212724_booking_link';
import * as migration_20261204_215416_booking_no_show from './20261204_215416_booking_no_show';

export const migrations = [
  {
    up: migration_20261128_142639_initial.up,
    down: migration_20261128_142639_initial.down,
    name: '20261128_142639_initial',
  },
  {
    up: migration_20261128_194943_vehicle.up,
    down: migration_20261128_194943_vehicle.down,
    name: '20261128_194943_vehicle',
  },
  {
    up: migration_20261129_051249_object_key.up,
    down: migration_20261129_051249_object_key.down,
    name: '20261129_051249_object_key',
  },
  {
    up: migration_20261129_074731_workshop_note.up,
    down: migration_20261129_074731_workshop_note.down,
    name: '20261129_074731_workshop_note',
  },
  {
    up: migration_20261129_111638_case_links.up,
    down: migration_20261129_111638_case_links.down,
    name: '20261129_111638_case_links',
  },
  {
    up: migration_20261202_132957_login_limit_auto_close.up,
    down: migration_20261202_132957_login_limit_auto_close.down,
    name: '20261202_132957_login_limit_auto_close',
  },
  {
    up: migration_20261202_134021_agreement_erasures.up,
    down: migration_20261202_134021_agreement_erasures.down,
    name: '20261202_134021_agreement_erasures',
  },
  {
    up: migration_20261203_151240_jobs_concurrency_key.up,
    down: migration_20261203_151240_jobs_concurrency_key.down,
    name: '20261203_151240_jobs_concurrency_key',
  },
  {
    up: migration_20261203_155402_booking_claims.up,
    down: migration_20261203_155402_booking_claims.down,
    name: '20261203_155402_booking_claims',
  },
  {
    up: migration_20261203_160005_calendar_days.up,
    down: migration_20261203_160005_calendar_days.down,
    name: '20261203_160005_calendar_days',
  },
  {
    up: migration_20261203_163345_booking_time.up,
    down: migration_20261203_163345_booking_time.down,
    name: '20261203_163345_booking_time',
  },
  {
    up: migration_20261204_165526_booking_calendar_event.up,
    down: migration_20261204_165526_booking_calendar_event.down,
    name: '20261204_165526_booking_calendar_event',
  },
  {
    up: migration_20261204_175422_booking_reminder.up,
    down: migration_20261204_175422_booking_reminder.down,
    name: '20261204_175422_booking_reminder',
  },
  {
    up: migration_20261204_175939_calendar_week.up,
    down: migration_20261204_175939_calendar_week.down,
    name: '20261204_175939_calendar_week',
  },
  {
    up: migration_20261204_212724_booking_link.up,
    down: migration_20261204_212724_booking_link.down,
    name: '20261204_212724_booking_link',
  },
  {
    up: migration_20261204_215416_booking_no_show.up,
    down: migration_20261204_215416_booking_no_show.down,
    name: '20261204_215416_booking_no_show'
  },
];
