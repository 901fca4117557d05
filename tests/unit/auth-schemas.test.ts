import { describe, expect, it } from '@rstest/core';
import * as z from 'zod/mini';
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  loginRequestSchema,
  registerFormSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
} from '../../src/domain/index.ts';

const fieldErrors = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.success ? {} : z.flattenError(result.error!).fieldErrors;

describe('login form', () => {
  it('says what is missing or wrong, word for word', () => {
    expect(fieldErrors(loginFormSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
    expect(fieldErrors(loginFormSchema.safeParse({ email: 'not-an-email', password: 'x' }))).toEqual({
      email: ['Enter a valid email'],
    });
    expect(loginFormSchema.safeParse({ email: 'ada@example.com', password: 'x' }).success).toBe(true);
  });

  it('remembers the user by default on the wire', () => {
    expect(loginRequestSchema.parse({ email: 'ada@example.com', password: 'x' }).remember).toBe(true);
    expect(loginRequestSchema.parse({ email: 'ada@example.com', password: 'x', remember: false }).remember).toBe(false);
  });
});

describe('register form', () => {
  it('requires every field with its own message', () => {
    expect(fieldErrors(registerFormSchema.safeParse({ name: '', email: '', password: '', confirmPassword: '' }))).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      confirmPassword: ['Confirm your password'],
    });
  });

  it('asks for 8 characters and matching passwords', () => {
    const errors = fieldErrors(
      registerFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'short', confirmPassword: 'other' }),
    );
    expect(errors).toEqual({ password: ['Minimum 8 characters'], confirmPassword: ['Passwords do not match'] });
    expect(
      registerFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'longenough', confirmPassword: 'longenough' })
        .success,
    ).toBe(true);
  });

  it('sends only name, email and password, and refuses anything else', () => {
    expect(registerRequestSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'longenough' }).success).toBe(true);
    expect(
      registerRequestSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'longenough', confirmPassword: 'x' }).success,
    ).toBe(false);
  });

  it('refuses an absurdly long password before anything hashes it', () => {
    const huge = 'x'.repeat(10_000);
    expect(registerRequestSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: huge }).success).toBe(false);
  });
});

describe('forgot and reset forms', () => {
  it('require a valid email, and a confirmed password of 8 or more', () => {
    expect(fieldErrors(forgotPasswordFormSchema.safeParse({ email: 'nope' }))).toEqual({ email: ['Enter a valid email'] });
    expect(fieldErrors(resetPasswordFormSchema.safeParse({ password: '1234567', confirmPassword: '' }))).toEqual({
      password: ['Minimum 8 characters'],
      confirmPassword: ['Confirm your password'],
    });
    expect(fieldErrors(resetPasswordFormSchema.safeParse({ password: '12345678', confirmPassword: '12345679' }))).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });
});
