/** Goes to a page Stripe answered (Checkout, the Customer Portal); one place tests replace. */
export function leaveForStripe(url: string) {
  window.location.assign(url);
}
