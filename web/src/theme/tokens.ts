// The single source of the visual theme. CSS variables (both apps), antd's ConfigProvider theme (admin)
// and antd-mobile's CSS variables (user app) are all derived from these values.

export const fontFamily =
  "'Noto Sans Thai', 'Noto Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const tokens = {
  color: {
    brand: '#0b7a67',
    brandStrong: '#075e50',
    brandSoft: '#e6f4f1',
    accent: '#f5a524',
    accentSoft: '#fff4dc',
    text: '#16211f',
    textSecondary: '#55625f',
    textTertiary: '#7a8784',
    border: '#dde5e3',
    surface: '#ffffff',
    background: '#f4f7f6',
    danger: '#d4380d',
    dangerSoft: '#fff1ec',
    success: '#2f9e44',
    warning: '#d48806',
  },
  font: {
    family: fontFamily,
    size: { xs: 12, sm: 14, md: 16, lg: 18, xl: 22, xxl: 28 },
    lineHeight: 1.6,
    lineHeightHeading: 1.45,
  },
  space: { xxs: 4, xs: 8, sm: 12, md: 16, lg: 24, xl: 32, xxl: 48 },
  radius: { sm: 8, md: 12, lg: 16, pill: 999 },
  /** The smallest tap target on a phone (CSS px, both ways): Apple's 44 pt, WCAG 2.5.5. */
  tap: 44,
  shadow: {
    card: '0 1px 2px rgba(16, 33, 31, 0.06), 0 4px 16px rgba(16, 33, 31, 0.06)',
  },
} as const;

const px = (n: number) => `${n}px`;

/** CSS custom properties for :root — ours (`--sf-*`) and antd-mobile's (`--adm-*`). */
export function cssVariables(t = tokens): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(t.color)) vars[`--sf-color-${kebab(name)}`] = value;
  for (const [name, value] of Object.entries(t.font.size)) vars[`--sf-font-size-${name}`] = px(value);
  for (const [name, value] of Object.entries(t.space)) vars[`--sf-space-${name}`] = px(value);
  for (const [name, value] of Object.entries(t.radius)) vars[`--sf-radius-${name}`] = px(value);
  vars['--sf-font-family'] = t.font.family;
  vars['--sf-line-height'] = String(t.font.lineHeight);
  vars['--sf-line-height-heading'] = String(t.font.lineHeightHeading);
  vars['--sf-shadow-card'] = t.shadow.card;
  vars['--sf-tap'] = px(t.tap);
  // antd-mobile
  vars['--adm-color-primary'] = t.color.brand;
  vars['--adm-color-success'] = t.color.success;
  vars['--adm-color-warning'] = t.color.warning;
  vars['--adm-color-danger'] = t.color.danger;
  vars['--adm-color-text'] = t.color.text;
  vars['--adm-color-text-secondary'] = t.color.textSecondary;
  vars['--adm-color-weak'] = t.color.textTertiary;
  vars['--adm-color-border'] = t.color.border;
  vars['--adm-color-background'] = t.color.surface;
  vars['--adm-font-family'] = t.font.family;
  vars['--adm-font-size-main'] = px(t.font.size.sm);
  vars['--adm-radius-m'] = px(t.radius.sm);
  vars['--adm-radius-l'] = px(t.radius.md);
  return vars;
}

export function applyCssVariables(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(cssVariables())) root.style.setProperty(name, value);
}

/** antd v5 ConfigProvider theme (plain object: this file must not import antd, it is in the user chunk). */
export const antdTheme = {
  token: {
    colorPrimary: tokens.color.brand,
    colorLink: tokens.color.brand,
    colorSuccess: tokens.color.success,
    colorWarning: tokens.color.warning,
    colorError: tokens.color.danger,
    colorText: tokens.color.text,
    colorTextSecondary: tokens.color.textSecondary,
    colorBorder: tokens.color.border,
    colorBgLayout: tokens.color.background,
    fontFamily: tokens.font.family,
    fontSize: tokens.font.size.sm,
    lineHeight: 1.5715,
    borderRadius: tokens.radius.sm,
    borderRadiusLG: tokens.radius.md,
  },
  components: {
    Layout: { siderBg: '#0f2a26', triggerBg: '#0b201d', headerBg: '#ffffff', headerPadding: '0 24px' },
    Menu: {
      darkItemBg: '#0f2a26',
      darkSubMenuItemBg: '#0b201d',
      darkItemSelectedBg: tokens.color.brand,
    },
  },
} as const;

function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
