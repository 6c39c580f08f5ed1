;; The search pass's kernels over bitmaps of stones (one bit a slot, little-endian 64-bit words, slot s in
;; word s >> 6, bit s & 63) and the columns they are made from, all in the index's memory (diamond-arena.ts).
;; Compiled by scripts/build-pass-wasm.mjs into diamond-pass.wasm.ts; tests/unit/diamond-pass.test.ts checks
;; that the two agree. Every bitmap and column has room for a whole number of 128-stone blocks, so the
;; SIMD loops never read past them; bits past the last stone are cleared by the live bitmap.
(module
  (import "env" "memory" (memory 1))

  ;; dst = a & b, over `words` 64-bit words (even).
  (func (export "and_to") (param $dst i32) (param $a i32) (param $b i32) (param $words i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (v128.store (local.get $dst) (v128.and (v128.load (local.get $a)) (v128.load (local.get $b))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br $next))))

  ;; dst |= src.
  (func (export "or_into") (param $dst i32) (param $src i32) (param $words i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (v128.store (local.get $dst) (v128.or (v128.load (local.get $dst)) (v128.load (local.get $src))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (br $next))))

  ;; dst &= src.
  (func (export "and_into") (param $dst i32) (param $src i32) (param $words i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (v128.store (local.get $dst) (v128.and (v128.load (local.get $dst)) (v128.load (local.get $src))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (br $next))))

  ;; dst &= ~src.
  (func (export "andnot_into") (param $dst i32) (param $src i32) (param $words i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (v128.store (local.get $dst) (v128.andnot (v128.load (local.get $dst)) (v128.load (local.get $src))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (br $next))))

  ;; dst = a & ~b.
  (func (export "andnot_to") (param $dst i32) (param $a i32) (param $b i32) (param $words i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (v128.store (local.get $dst) (v128.andnot (v128.load (local.get $a)) (v128.load (local.get $b))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br $next))))

  ;; out[v] (u32) = how many bits bitmap v & mask has, for the `count` bitmaps first, first + stride, ...:
  ;; one pass over the mask, its empty words skipped (a narrow set reads little of the grade bitmaps).
  (func (export "popcnt_group") (param $mask i32) (param $first i32) (param $stride i32) (param $count i32) (param $words i32) (param $out i32)
    (local $w i32) (local $end i32) (local $m i64) (local $v i32) (local $at i32) (local $slot i32)
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (local.set $v (i32.const 0))
    (block $zeroed
      (loop $zero
        (br_if $zeroed (i32.ge_u (local.get $v) (local.get $count)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $v) (i32.const 2))) (i32.const 0))
        (local.set $v (i32.add (local.get $v) (i32.const 1)))
        (br $zero)))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $w) (local.get $end)))
        (local.set $m (i64.load (i32.add (local.get $mask) (local.get $w))))
        (if (i64.ne (local.get $m) (i64.const 0))
          (then
            (local.set $v (i32.const 0))
            (local.set $at (i32.add (local.get $first) (local.get $w)))
            (local.set $slot (local.get $out))
            (loop $grade
              (i32.store (local.get $slot) (i32.add (i32.load (local.get $slot))
                (i32.wrap_i64 (i64.popcnt (i64.and (i64.load (local.get $at)) (local.get $m))))))
              (local.set $at (i32.add (local.get $at) (local.get $stride)))
              (local.set $slot (i32.add (local.get $slot) (i32.const 4)))
              (local.set $v (i32.add (local.get $v) (i32.const 1)))
              (br_if $grade (i32.lt_u (local.get $v) (local.get $count))))))
        (local.set $w (i32.add (local.get $w) (i32.const 8)))
        (br $word))))

  ;; How many bits a & b has.
  (func (export "popcnt_and") (param $a i32) (param $b i32) (param $words i32) (result i32)
    (local $end i32) (local $n i64)
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $n (i64.add (local.get $n)
          (i64.add
            (i64.popcnt (i64.and (i64.load (local.get $a)) (i64.load (local.get $b))))
            (i64.popcnt (i64.and (i64.load offset=8 (local.get $a)) (i64.load offset=8 (local.get $b)))))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br $next)))
    (i32.wrap_i64 (local.get $n)))

  ;; dst: the stones whose u16 code in `col` lies within [lo, hi].
  (func (export "range_u16") (param $dst i32) (param $col i32) (param $words i32) (param $lo i32) (param $hi i32)
    (local $end i32) (local $acc i64) (local $j i64) (local $v v128) (local $vlo v128) (local $vhi v128)
    (local.set $vlo (i16x8.splat (local.get $lo)))
    (local.set $vhi (i16x8.splat (local.get $hi)))
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $acc (i64.const 0))
        (local.set $j (i64.const 0))
        (loop $eight
          (local.set $v (v128.load (local.get $col)))
          (local.set $acc (i64.or (local.get $acc)
            (i64.shl
              (i64.extend_i32_u (i16x8.bitmask (v128.or (i16x8.lt_u (local.get $v) (local.get $vlo)) (i16x8.gt_u (local.get $v) (local.get $vhi)))))
              (local.get $j))))
          (local.set $col (i32.add (local.get $col) (i32.const 16)))
          (local.set $j (i64.add (local.get $j) (i64.const 8)))
          (br_if $eight (i64.lt_u (local.get $j) (i64.const 64))))
        (i64.store (local.get $dst) (i64.xor (local.get $acc) (i64.const -1)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 8)))
        (br $word))))

  ;; dst: the stones whose u32 code in `col` lies within [lo, hi] (unsigned).
  (func (export "range_u32") (param $dst i32) (param $col i32) (param $words i32) (param $lo i32) (param $hi i32)
    (local $end i32) (local $acc i64) (local $j i64) (local $v v128) (local $vlo v128) (local $vhi v128)
    (local.set $vlo (i32x4.splat (local.get $lo)))
    (local.set $vhi (i32x4.splat (local.get $hi)))
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $acc (i64.const 0))
        (local.set $j (i64.const 0))
        (loop $four
          (local.set $v (v128.load (local.get $col)))
          (local.set $acc (i64.or (local.get $acc)
            (i64.shl
              (i64.extend_i32_u (i32x4.bitmask (v128.or (i32x4.lt_u (local.get $v) (local.get $vlo)) (i32x4.gt_u (local.get $v) (local.get $vhi)))))
              (local.get $j))))
          (local.set $col (i32.add (local.get $col) (i32.const 16)))
          (local.set $j (i64.add (local.get $j) (i64.const 4)))
          (br_if $four (i64.lt_u (local.get $j) (i64.const 64))))
        (i64.store (local.get $dst) (i64.xor (local.get $acc) (i64.const -1)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 8)))
        (br $word))))

  ;; out[codes[s]] += 1 (u32 counts) for every stone s in the bitmap.
  (func (export "count_u8") (param $bitmap i32) (param $codes i32) (param $words i32) (param $out i32)
    (local $end i32) (local $x i64) (local $at i32)
    (local.set $end (i32.add (local.get $bitmap) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $bitmap) (local.get $end)))
        (local.set $x (i64.load (local.get $bitmap)))
        (block $empty
          (loop $bit
            (br_if $empty (i64.eqz (local.get $x)))
            (local.set $at (i32.add (local.get $out)
              (i32.shl (i32.load8_u (i32.add (local.get $codes) (i32.wrap_i64 (i64.ctz (local.get $x))))) (i32.const 2))))
            (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
            (local.set $x (i64.and (local.get $x) (i64.sub (local.get $x) (i64.const 1))))
            (br $bit)))
        (local.set $codes (i32.add (local.get $codes) (i32.const 64)))
        (local.set $bitmap (i32.add (local.get $bitmap) (i32.const 8)))
        (br $word))))

  ;; The smallest and largest f64 of `col` among the stones of the bitmap, written to out[0] and out[1]
  ;; (+Infinity and -Infinity when there are none).
  (func (export "minmax_f64") (param $bitmap i32) (param $col i32) (param $words i32) (param $out i32)
    (local $end i32) (local $x i64) (local $v f64) (local $min f64) (local $max f64)
    (local.set $min (f64.const inf))
    (local.set $max (f64.const -inf))
    (local.set $end (i32.add (local.get $bitmap) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $bitmap) (local.get $end)))
        (local.set $x (i64.load (local.get $bitmap)))
        (block $empty
          (loop $bit
            (br_if $empty (i64.eqz (local.get $x)))
            (local.set $v (f64.load (i32.add (local.get $col) (i32.shl (i32.wrap_i64 (i64.ctz (local.get $x))) (i32.const 3)))))
            (if (f64.lt (local.get $v) (local.get $min)) (then (local.set $min (local.get $v))))
            (if (f64.gt (local.get $v) (local.get $max)) (then (local.set $max (local.get $v))))
            (local.set $x (i64.and (local.get $x) (i64.sub (local.get $x) (i64.const 1))))
            (br $bit)))
        (local.set $col (i32.add (local.get $col) (i32.const 512)))
        (local.set $bitmap (i32.add (local.get $bitmap) (i32.const 8)))
        (br $word)))
    (f64.store (local.get $out) (local.get $min))
    (f64.store offset=8 (local.get $out) (local.get $max)))
  ;; The smallest and largest u16 code of `col` among the stones of the bitmap, codes 0xffff left out,
  ;; written to out[0] and out[1] as i32 (0xffff and -1 when there are none).
  (func (export "minmax_u16") (param $bitmap i32) (param $col i32) (param $words i32) (param $out i32)
    (local $end i32) (local $x i64) (local $v i32) (local $min i32) (local $max i32)
    (local.set $min (i32.const 0xffff))
    (local.set $max (i32.const -1))
    (local.set $end (i32.add (local.get $bitmap) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $bitmap) (local.get $end)))
        (local.set $x (i64.load (local.get $bitmap)))
        (block $empty
          (loop $bit
            (br_if $empty (i64.eqz (local.get $x)))
            (local.set $v (i32.load16_u (i32.add (local.get $col) (i32.shl (i32.wrap_i64 (i64.ctz (local.get $x))) (i32.const 1)))))
            (if (i32.ne (local.get $v) (i32.const 0xffff))
              (then
                (if (i32.lt_s (local.get $v) (local.get $min)) (then (local.set $min (local.get $v))))
                (if (i32.gt_s (local.get $v) (local.get $max)) (then (local.set $max (local.get $v))))))
            (local.set $x (i64.and (local.get $x) (i64.sub (local.get $x) (i64.const 1))))
            (br $bit)))
        (local.set $col (i32.add (local.get $col) (i32.const 128)))
        (local.set $bitmap (i32.add (local.get $bitmap) (i32.const 8)))
        (br $word)))
    (i32.store (local.get $out) (local.get $min))
    (i32.store offset=4 (local.get $out) (local.get $max)))
)
