export { addressChainNames, type AddressChain, type AddressCheck } from './address/addressCheck'
export { validateAddress } from './address/validateAddress'
