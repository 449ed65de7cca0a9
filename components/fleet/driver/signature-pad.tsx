'use client';

import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import styles from './proof.module.css';

export interface SignaturePadHandle {
  /** The signature as a PNG, or null when nothing was drawn. */
  toBlob: () => Promise<Blob | null>;
  clear: () => void;
  /** Draws a signature kept earlier (proof-draft.ts) back on the pad. */
  restore: (signature: Blob) => Promise<void>;
}

const LINE_WIDTH_PX = 2.5;

/**
 * A pad the customer signs on with a finger (or a mouse, or a pen): pointer events, one stroke
 * per pointer, drawn at the screen's pixel density. Exported on a white background, so the PNG
 * reads the same in any viewer.
 */
export function SignaturePad({
  label,
  onChange,
  onStroke,
  ref,
}: {
  label: string;
  onChange: (hasInk: boolean) => void;
  /** After each stroke: the signature so far (to keep it on the phone). */
  onStroke?: (signature: Blob | null) => void;
  ref?: Ref<SignaturePadHandle>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hasInkRef = useRef(false);

  const paintBackground = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.restore();
  };

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = LINE_WIDTH_PX;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#14171a';
    paintBackground();
  }, []);

  const toBlob = () =>
    new Promise<Blob | null>((resolve) => {
      if (!hasInkRef.current || !canvasRef.current) return resolve(null);
      canvasRef.current.toBlob((blob) => resolve(blob), 'image/png');
    });

  useImperativeHandle(ref, () => ({
    toBlob,
    restore: async (signature) => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext('2d');
      if (!canvas || !context || hasInkRef.current) return;
      try {
        const image = await createImageBitmap(signature);
        const { width, height } = canvas.getBoundingClientRect();
        context.drawImage(image, 0, 0, width, height);
        image.close();
        hasInkRef.current = true;
        onChange(true);
      } catch {
        // an image the phone cannot read: the pad stays empty, to sign again
      }
    },
    clear: () => {
      paintBackground();
      hasInkRef.current = false;
      onChange(false);
    },
  }));

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  return (
    <canvas
      ref={canvasRef}
      className={styles.signature}
      role="img"
      aria-label={label}
      data-testid="signature-pad"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        const context = event.currentTarget.getContext('2d');
        const { x, y } = pointAt(event);
        context?.beginPath();
        context?.moveTo(x, y);
        // A tap is a dot.
        context?.lineTo(x + 0.1, y + 0.1);
        context?.stroke();
      }}
      onPointerMove={(event) => {
        if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
        const context = event.currentTarget.getContext('2d');
        const { x, y } = pointAt(event);
        context?.lineTo(x, y);
        context?.stroke();
        if (!hasInkRef.current) {
          hasInkRef.current = true;
          onChange(true);
        }
      }}
      onPointerUp={(event) => {
        event.currentTarget.releasePointerCapture(event.pointerId);
        if (hasInkRef.current && onStroke) void toBlob().then(onStroke);
      }}
    />
  );
}
