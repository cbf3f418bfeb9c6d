import { describe, expect, it, vi } from 'vitest';
import { captureDdpPilot } from './ddp-pilot';

function setup(href: string) {
  const storage = { setItem: vi.fn() };
  const history = { state: { idx: 0 }, replaceState: vi.fn() };
  const value = captureDdpPilot({ location: { href }, history, storage });
  return { value, storage, history };
}

describe('captureDdpPilot', () => {
  it('stores the value under DDP_Pilot and removes only that parameter from the URL', () => {
    const { value, storage, history } = setup(
      'https://acme.test/account/heloc/register?referrer=lo-1&DDP_Pilot=group-b&pop-webchat=true#top',
    );
    expect(value).toBe('group-b');
    expect(storage.setItem).toHaveBeenCalledWith('DDP_Pilot', 'group-b');
    expect(history.replaceState).toHaveBeenCalledWith(
      { idx: 0 },
      '',
      '/account/heloc/register?referrer=lo-1&pop-webchat=true#top',
    );
  });

  it('leaves no "?" behind when it was the only parameter', () => {
    const { history } = setup('https://acme.test/dashboard?DDP_Pilot=1');
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/dashboard');
  });

  it('stores an empty value too (the parameter was present)', () => {
    const { value, storage } = setup('https://acme.test/dashboard?DDP_Pilot');
    expect(value).toBe('');
    expect(storage.setItem).toHaveBeenCalledWith('DDP_Pilot', '');
  });

  it('does nothing without the parameter', () => {
    const { value, storage, history } = setup('https://acme.test/dashboard?ddp_pilot=1');
    expect(value).toBeNull();
    expect(storage.setItem).not.toHaveBeenCalled();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('still cleans the URL when storage is unavailable', () => {
    const history = { state: null, replaceState: vi.fn() };
    const storage = {
      setItem: () => {
        throw new Error('blocked');
      },
    };
    captureDdpPilot({ location: { href: 'https://acme.test/pay?DDP_Pilot=x' }, history, storage });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/pay');
  });
});
