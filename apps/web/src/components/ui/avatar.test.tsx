import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the photo, and the initials once the photo fails to load (an expired link)', () => {
    const link = '/uploads/AbCdEf12345.png?expires=1&signature=x';
    const { container, rerender } = render(<Avatar src={link} name="Amani Mwangi" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(link);
    fireEvent.error(img!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('AM');
    // A new link (the screen refetched) is tried again.
    rerender(<Avatar src={`${link}2`} name="Amani Mwangi" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`${link}2`);
  });

  it('shows the initials without a photo', () => {
    const { container } = render(<Avatar src={null} name="Grace Wanjiru" />);
    expect(container.textContent).toBe('GW');
  });
});
