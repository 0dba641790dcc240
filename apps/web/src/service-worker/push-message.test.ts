import { describe, expect, it } from 'vitest';
import { NEVER_CACHED, notificationTarget, readPushMessage } from './push-message';

describe('service worker: push messages', () => {
  it('reads what the server sends', () => {
    expect(readPushMessage(JSON.stringify({ title: 'New booking request', body: 'Bob asked for 1 seat', url: 'https://carpool.example.edu/my-rides', tag: 'notification-1' }))).toEqual({
      title: 'New booking request',
      body: 'Bob asked for 1 seat',
      url: 'https://carpool.example.edu/my-rides',
      tag: 'notification-1',
    });
  });

  it('still shows something for a message that is not the server’s JSON', () => {
    expect(readPushMessage('plain words')).toEqual({ title: 'Carpool', body: 'plain words', url: '/', tag: '' });
    expect(readPushMessage(null)).toEqual({ title: 'Carpool', body: '', url: '/', tag: '' });
    expect(readPushMessage(JSON.stringify({ title: 42, url: ['x'] }))).toEqual({ title: 'Carpool', body: '', url: '/', tag: '' });
  });

  it('opens only pages of this site', () => {
    const origin = 'https://carpool.example.edu';
    expect(notificationTarget('https://carpool.example.edu/my-rides', origin)).toBe('https://carpool.example.edu/my-rides');
    expect(notificationTarget('/conversation-messages/7', origin)).toBe('https://carpool.example.edu/conversation-messages/7');
    expect(notificationTarget('https://evil.example.com/phish', origin)).toBe('https://carpool.example.edu/');
    expect(notificationTarget('javascript:alert(1)', origin)).toBe('https://carpool.example.edu/');
  });

  it('never answers API, socket, development or sign-in paths from a cache', () => {
    const cachedNever = (path: string) => NEVER_CACHED.some((pattern) => pattern.test(path));
    for (const path of ['/api/notifications', '/api/files/1', '/socket.io/', '/dev/mail', '/dev-idp/jwks', '/dev-sign-in', '/api']) {
      expect(cachedNever(path), path).toBe(true);
    }
    for (const path of ['/', '/my-rides', '/profile/notifications', '/developers']) expect(cachedNever(path), path).toBe(false);
  });
});
