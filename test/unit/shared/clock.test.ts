import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, isDay, isLaterWeek, localDay, localStamp, localTime, oneMonthBefore, parseNow, weekMonday } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';

describe('clock', () => {
  it('reads --now without an offset in local time, and a bare date as local midnight', () => {
    const d = parseNow('2026-03-10T08:07:06');
    assert.equal(localDay(d), '2026-03-10');
    assert.equal(localTime(d), '08:07:06');
    assert.equal(localTime(parseNow('2026-03-10')), '00:00:00');
    assert.equal(localDay(parseNow('2026-03-10')), '2026-03-10');
  });

  it('stamps day and time together, right across seconds, midnight and a change of TZ', () => {
    const tz = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Taipei';
      assert.deepEqual(localStamp(parseNow('2026-03-10T15:59:59.100Z')), { day: '2026-03-10', time: '23:59:59' });
      assert.deepEqual(localStamp(parseNow('2026-03-10T15:59:59.900Z')), { day: '2026-03-10', time: '23:59:59' });
      assert.deepEqual(localStamp(parseNow('2026-03-10T16:00:00Z')), { day: '2026-03-11', time: '00:00:00' });
      process.env.TZ = 'UTC';
      assert.deepEqual(localStamp(parseNow('2026-03-10T16:00:00Z')), { day: '2026-03-10', time: '16:00:00' });
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('honours an explicit UTC offset', () => {
    assert.equal(parseNow('2026-03-10T08:00:00Z').toISOString(), '2026-03-10T08:00:00.000Z');
    assert.equal(parseNow('2026-03-10T08:00:00+02:00').toISOString(), '2026-03-10T06:00:00.000Z');
  });

  it('refuses impossible dates and other text with a one-line error', () => {
    for (const bad of ['2026-02-30', 'tomorrow', '2026-03-10T25:00:00', '']) {
      assert.throws(() => parseNow(bad), (e: Error) => e instanceof CoreSoulError && e.field === 'now' && !e.message.includes('\n'));
    }
  });

  it('finds the Monday of a week across month and year ends and ISO week 53', () => {
    assert.equal(weekMonday('2026-03-15'), '2026-03-09'); // Sunday
    assert.equal(weekMonday('2026-03-16'), '2026-03-16'); // Monday
    assert.equal(weekMonday('2027-01-01'), '2026-12-28');
    assert.equal(weekMonday('2021-01-03'), '2020-12-28'); // 2020 has an ISO week 53
  });

  it('compares weeks: Sunday → Monday is a new week, Monday → Sunday is not', () => {
    assert.equal(isLaterWeek('2026-03-15', '2026-03-16'), true);
    assert.equal(isLaterWeek('2026-03-09', '2026-03-15'), false);
    assert.equal(isLaterWeek('2026-12-31', '2027-01-04'), true);
    assert.equal(isLaterWeek('2026-03-16', '2026-03-15'), false);
  });

  it('does day arithmetic across a DST change', () => {
    assert.equal(addDays('2026-03-28', 2), '2026-03-30');
    assert.equal(addDays('2026-11-01', -1), '2026-10-31');
    assert.equal(oneMonthBefore('2026-03-31'), '2026-02-28');
    assert.equal(oneMonthBefore('2026-01-15'), '2025-12-15');
    assert.equal(isDay('2024-02-29'), true);
    assert.equal(isDay('2026-02-29'), false);
  });
});
