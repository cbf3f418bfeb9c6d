import { describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, REGISTRATION_DRAFT_STORAGE_KEY, saveDraft } from './draft-storage';
import { emptyValues } from './registration-form';

describe('registration draft', () => {
  it('keeps everything but the password', () => {
    saveDraft({
      ...emptyValues(),
      'property.city': 'Sacramento',
      password: 'Secret-pass-1',
      acceptedTerms: true,
    });
    expect(sessionStorage.getItem(REGISTRATION_DRAFT_STORAGE_KEY)).not.toContain('Secret-pass-1');
    expect(loadDraft()).toEqual({ ...emptyValues(), 'property.city': 'Sacramento', acceptedTerms: true });
    clearDraft();
    expect(loadDraft()).toEqual(emptyValues());
  });

  it('ignores a draft that is not the form’s shape', () => {
    sessionStorage.setItem(REGISTRATION_DRAFT_STORAGE_KEY, '{"property.city": 42}');
    expect(loadDraft()).toEqual(emptyValues());
    sessionStorage.setItem(REGISTRATION_DRAFT_STORAGE_KEY, 'not json');
    expect(loadDraft()).toEqual(emptyValues());
  });
});
