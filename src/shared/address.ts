export {
  addressChainNames,
  describeAddressCheck,
  type AddressChain,
  type AddressCheck,
} from './address/addressCheck'
export { validateAddress } from './address/validateAddress'
