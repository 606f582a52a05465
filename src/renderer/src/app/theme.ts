import {
  Alert,
  Badge,
  createTheme,
  darken,
  luminance,
  Modal,
  type CSSVariablesResolver,
} from '@mantine/core'

/** WCAG 2.1 AA for normal text, which badges and button labels are. */
const textContrast = 4.5

const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

/**
 * The colour itself, darkened just enough to be read on `background` at AA. Mantine's palettes
 * are bright (white on its green is 2.4:1, its orange 2.6:1, its dimmed grey on white 3.3:1), so
 * each colour keeps its hue and loses only the lightness that made it unreadable.
 */
const readableOn = (background: string, color: string): string => {
  let shade = color
  for (let step = 1; contrast(shade, background) < textContrast && step <= 20; step += 1) {
    shade = darken(color, step * 0.04)
  }
  return shade
}

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  respectReducedMotion: true,
  // Mantine's own ring (2 px, the primary colour), shown to keyboard users only.
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif',
  fontFamilyMonospace:
    'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", "Liberation Mono", monospace',
  components: {
    // Mantine's close buttons are icons without a name: a screen reader would say only "button".
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Badge: Badge.extend({
      // Mantine's badges are 9–11 px below size lg: too small to read, whatever their colour.
      vars: (_theme, { size }) => {
        const small = size === undefined || ['xs', 'sm', 'md'].includes(size)
        return small ? { root: { '--badge-fz': '12px', '--badge-height': '20px' } } : { root: {} }
      },
    }),
  },
})

/**
 * Every colour as the app paints it in the light scheme (the only one it offers), readable at AA
 * on what it sits on. Coloured text, outlines and filled surfaces (which carry white text) may
 * sit on white or on any colour's light tint (an alert, a highlighted row), so each is made
 * readable on the darkest such tint; a light surface's own text also on its hover shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = ({ colors }) => {
  const palettes = Object.entries(colors).filter(([name]) => name !== 'dark')
  const darkestTint = palettes
    .map(([, shades]) => shades[1])
    .reduce((darkest, tint) => (luminance(tint) < luminance(darkest) ? tint : darkest))
  const light: Record<string, string> = {
    // On gray 1 and 2 rows and cards too, not only on white.
    '--mantine-color-dimmed': readableOn(colors.gray[2], colors.gray[6]),
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    '--mantine-color-anchor': 'var(--mantine-primary-color-filled)',
  }
  for (const [name, shades] of palettes) {
    const ink = readableOn(darkestTint, shades[6])
    light[`--mantine-color-${name}-filled`] = ink
    light[`--mantine-color-${name}-filled-hover`] = darken(ink, 0.1)
    light[`--mantine-color-${name}-outline`] = ink
    light[`--mantine-color-${name}-text`] = ink
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[2], shades[9])
  }
  return { variables: {}, light, dark: {} }
}
