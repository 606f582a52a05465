import {
  Anchor,
  Button,
  NavLink,
  type AnchorProps,
  type ButtonProps,
  type NavLinkProps,
} from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes } from 'react'

/*
 * Mantine's anchor, button and navigation link as router links: real `<a href="#/…">`s that the
 * keyboard, the middle button and "copy link" understand, with typed paths and params. Mantine's
 * components are polymorphic, so each is first fixed to an `<a>` for `createLink`.
 */
type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>

const AnchorElement = forwardRef<HTMLAnchorElement, AnchorProps & AnchorAttributes>(
  (props, ref) => <Anchor ref={ref} {...props} />,
)
const ButtonElement = forwardRef<HTMLAnchorElement, ButtonProps & AnchorAttributes>(
  (props, ref) => <Button component="a" ref={ref} {...props} />,
)
const NavLinkElement = forwardRef<HTMLAnchorElement, NavLinkProps & AnchorAttributes>(
  (props, ref) => <NavLink component="a" ref={ref} {...props} />,
)

export const AnchorLink: LinkComponent<typeof AnchorElement> = createLink(AnchorElement)
export const ButtonLink: LinkComponent<typeof ButtonElement> = createLink(ButtonElement)
export const NavRouterLink: LinkComponent<typeof NavLinkElement> = createLink(NavLinkElement)
