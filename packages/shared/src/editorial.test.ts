import { describe, expect, it } from 'vitest';
import { ARTICLE_STATUSES } from './constants.js';
import { decideTransition, EDITORIAL_ACTIONS, EDITORIAL_ROLES, editorialRoles } from './editorial.js';

describe('the editorial transitions table', () => {
  it('names every state, and each move leads to a state', () => {
    for (const status of ARTICLE_STATUSES) {
      for (const action of EDITORIAL_ACTIONS) {
        const decision = decideTransition(status, action, ['reader', 'author', 'admin']);
        if (decision.allowed) expect(ARTICLE_STATUSES).toContain(decision.to);
      }
    }
  });

  it('keeps decline final and the writer in charge of a changes-requested article', () => {
    for (const action of EDITORIAL_ACTIONS.filter((one) => one !== 'edit' && one !== 'restore')) {
      expect(decideTransition('declined', action, ['reader', 'author', 'admin']).allowed).toBe(false);
    }
    expect(decideTransition('changes_requested', 'edit', ['reader', 'author'])).toEqual({
      allowed: true,
      to: 'changes_requested',
    });
    expect(decideTransition('changes_requested', 'resubmit', ['reader', 'author'])).toEqual({
      allowed: true,
      to: 'pending',
    });
    expect(decideTransition('changes_requested', 'approve', ['reader', 'admin'])).toEqual({
      allowed: false,
      refusal: 'state',
    });
    expect(decideTransition('pending', 'resubmit', ['reader', 'author'])).toEqual({ allowed: false, refusal: 'state' });
    expect(decideTransition('changes_requested', 'resubmit', ['reader', 'admin'])).toEqual({
      allowed: false,
      refusal: 'role',
    });
  });

  it('lets nobody but the roles the table names act', () => {
    for (const status of ARTICLE_STATUSES) {
      for (const action of EDITORIAL_ACTIONS) {
        expect(decideTransition(status, action, ['anonymous'])).toEqual({ allowed: false, refusal: 'role' });
        expect(decideTransition(status, action, ['reader'])).toEqual({ allowed: false, refusal: 'role' });
      }
    }
    expect(EDITORIAL_ROLES).toEqual(['anonymous', 'reader', 'author', 'admin']);
  });

  it('gives an admin who wrote the article both roles', () => {
    expect(editorialRoles(null, 'a')).toEqual(['anonymous']);
    expect(editorialRoles({ id: 'b', role: 'user' }, 'a')).toEqual(['reader']);
    expect(editorialRoles({ id: 'a', role: 'user' }, 'a')).toEqual(['reader', 'author']);
    expect(editorialRoles({ id: 'a', role: 'admin' }, 'a')).toEqual(['reader', 'author', 'admin']);
  });
});
