/** describeCron: the common cron forms in words, anything else as the raw expression. */
import { describe, expect, it } from '@rstest/core';
import { describeCron } from '../../src/ui/screens/schedules/describe-cron.ts';

describe('describeCron', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/1 * * * *', 'Every minute'],
    ['*/5 * * * *', 'Every 5 minutes'],
    ['0/15 * * * *', 'Every 15 minutes'],
    ['30 * * * *', 'Hourly at :30'],
    ['0 * * * *', 'Hourly at :00'],
    ['0 */2 * * *', 'Every 2 hours'],
    ['15 */6 * * *', 'Every 6 hours at :15'],
    ['0 9 * * *', 'Daily at 09:00'],
    ['5 17 * * *', 'Daily at 17:05'],
    ['0 9 * * 1-5', 'Weekdays at 09:00'],
    ['30 8 * * MON-FRI', 'Weekdays at 08:30'],
    ['0 9 * * 1', 'Weekly on Monday at 09:00'],
    ['0 9 * * 0', 'Weekly on Sunday at 09:00'],
    ['0 9 * * 7', 'Weekly on Sunday at 09:00'],
    ['0 18 * * fri', 'Weekly on Friday at 18:00'],
    ['0 6 1 * *', 'Monthly on day 1 at 06:00'],
    ['45 23 31 * *', 'Monthly on day 31 at 23:45'],
    ['@daily', 'Daily at 00:00'],
    ['@hourly', 'Hourly at :00'],
    ['  0 9 * * *  ', 'Daily at 09:00'],
  ])('%s → %s', (expression, words) => {
    expect(describeCron(expression)).toBe(words);
  });

  it.each([
    '0 9-17 * * *', // a range of hours
    '0 9 * * 1,3', // a list of days
    '0 9 1 1 *', // a month
    '0 9 1 * 1', // day of month and day of week together
    '0 0 9 * * *', // six fields (seconds)
    '61 * * * *', // out of range
    '0 25 * * *',
    'every day',
    '',
  ])('falls back to the raw expression for %j', (expression) => {
    expect(describeCron(expression)).toBe(expression.trim());
  });
});
