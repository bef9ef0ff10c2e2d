import { describe, expect, it } from 'vitest';
import { containsScriptLikeContent } from './suspicious-content';

describe('containsScriptLikeContent', () => {
  it.each([
    '<script>steal()</script>',
    '< SCRIPT src="x.js">',
    '<img src=x onerror=alert(1)>',
    '<body onload="init()">',
    '<a href="javascript:void(0)">',
    '<a href="java\tscript:go()">',
    'VBScript:MsgBox',
    'eval (payload)',
    'fetch("/x?c=" + document.cookie)',
    'document.write("<p>")',
    'window.location = "https://evil.example"',
    'location.href = next',
    'el.innerHTML = html',
  ])('flags %j', (text) => expect(containsScriptLikeContent(text)).toBe(true));

  it.each([
    'Plain notes about a trip.',
    'const one = 1; const online = true;',
    '<p class="note">Hello</p>',
    'The evaluation went well; we were on alert.',
    'body { font-family: sans-serif; }',
  ])('leaves %j alone', (text) => expect(containsScriptLikeContent(text)).toBe(false));
});
