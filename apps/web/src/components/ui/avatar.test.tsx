import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarColorFor, getInitials } from './avatar';

describe('getInitials', () => {
  it('uses up to two letters: first and last word', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('ada king lovelace')).toBe('AL');
    expect(getInitials('Cher')).toBe('C');
    expect(getInitials('  ')).toBe('?');
    expect(getInitials(null)).toBe('?');
  });
});

describe('Avatar', () => {
  it('shows the initials on the given avatar colour when there is no image', () => {
    render(<Avatar name="Grace Hopper" color="avatar-color-2" />);
    const avatar = screen.getByRole('img', { name: 'Grace Hopper' });
    expect(avatar).toHaveTextContent('GH');
    expect(avatar).toHaveClass('avatar-color-2');
  });

  it('picks a stable colour when the server gave none', () => {
    expect(avatarColorFor('Grace Hopper', null)).toBe(avatarColorFor('Grace Hopper', undefined));
    expect(avatarColorFor('Grace Hopper', 'not-a-colour')).toMatch(/^avatar-color-[123]$/);
  });

  it('shows the image when there is one', () => {
    render(<Avatar name="Grace Hopper" src="/files/a.webp" />);
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveAttribute('src', '/files/a.webp');
  });
});
