import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrImage } from './qr-image';

describe('QrImage', () => {
  it('draws a WeChat Native code_url as a PNG QR code in the browser', async () => {
    render(<QrImage value="weixin://wxpay/bizpayurl?pr=AbC123xyz" alt="scan" size={160} />);
    const img = await waitFor(() => screen.getByTestId('pay-qr'));
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(img.getAttribute('width')).toBe('160');
    // Different links give different pictures (the code really encodes the value).
    const first = img.getAttribute('src');
    render(<QrImage value="weixin://wxpay/bizpayurl?pr=Other999" alt="scan" size={160} />);
    await waitFor(() => expect(screen.getAllByTestId('pay-qr')).toHaveLength(2));
    expect(screen.getAllByTestId('pay-qr')[1]!.getAttribute('src')).not.toBe(first);
  });
});
