import { CouponManager } from '../../coupon-manager';

export default function ConsoleCouponsPage() {
  return <CouponManager />;
}
