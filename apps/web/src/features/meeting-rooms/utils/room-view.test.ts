import { describe, expect, it } from 'vitest';
import { roomViewFromSearch, roomViewSearch, viewDays } from './room-view.ts';

const TODAY = '2026-11-23';

describe('the room view in the URL', () => {
  it('reads room, day and mode', () => {
    expect(roomViewFromSearch(new URLSearchParams('mistnost=3&den=2026-11-25&zobrazeni=tyden'), TODAY)).toEqual({
      roomId: 3,
      day: '2026-11-25',
      mode: 'tyden',
    });
  });

  it('falls back to today, the day view and no room for anything malformed', () => {
    expect(roomViewFromSearch(new URLSearchParams('mistnost=abc&den=2026-13-01&zobrazeni=mesic'), TODAY)).toEqual({
      roomId: null,
      day: TODAY,
      mode: 'den',
    });
    expect(roomViewFromSearch(new URLSearchParams('mistnost=0'), TODAY).roomId).toBeNull();
    expect(roomViewFromSearch(new URLSearchParams('mistnost=99999999999'), TODAY).roomId).toBeNull();
  });

  it('writes a linkable search and keeps unrelated parameters', () => {
    const search = roomViewSearch(
      { roomId: 3, day: '2026-11-25', mode: 'tyden' },
      new URLSearchParams('strana=2&den=x'),
    );
    expect(search.toString()).toBe('strana=2&mistnost=3&den=2026-11-25&zobrazeni=tyden');
    expect(roomViewSearch({ roomId: null, day: TODAY, mode: 'den' }, search).toString()).toBe('strana=2');
  });

  it('asks for one day or the whole week from Monday', () => {
    expect(viewDays({ day: '2026-11-25', mode: 'den' })).toEqual(['2026-11-25']);
    const week = viewDays({ day: '2026-11-25', mode: 'tyden' });
    expect([week[0], week.at(-1), week.length]).toEqual(['2026-11-23', '2026-11-29', 7]);
  });
});
