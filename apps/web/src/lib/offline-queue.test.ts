import { describe, expect, it } from 'vitest';
import { memoryQueue, numberKey } from './offline-queue';

describe('offline queue (in memory)', () => {
  it('keeps items by group, in key order, replaced by id and removed', async () => {
    const queue = memoryQueue<{ student: number; level: string }>();
    await queue.put('5', numberKey(10), { student: 10, level: 'ME' });
    await queue.put('5', numberKey(9), { student: 9, level: 'EE' });
    await queue.put('50', numberKey(1), { student: 1, level: 'BE' });
    await queue.put('5', numberKey(10), { student: 10, level: 'AE' });
    // Group 5 is not group 50's prefix: each group's keys end in ':'.
    expect(await queue.list('5')).toEqual([
      { student: 9, level: 'EE' },
      { student: 10, level: 'AE' },
    ]);
    await queue.remove('5', numberKey(9));
    expect(await queue.list('5')).toEqual([{ student: 10, level: 'AE' }]);
    expect(await queue.list('50')).toEqual([{ student: 1, level: 'BE' }]);
  });

  it('keeps a copy: changing an item after putting it changes nothing queued', async () => {
    const queue = memoryQueue<{ level: string }>();
    const item = { level: 'ME' };
    await queue.put('1', '1', item);
    item.level = 'EE';
    expect(await queue.list('1')).toEqual([{ level: 'ME' }]);
  });
});
