// Portable double-precision elementary functions: exp, exp2, log, log2,
// log10, pow, sin, cos, tan, asin, acos, atan, atan2.
//
// Why: libm differs between devices (glibc on the host, libdevice's __nv_*
// on NVIDIA GPUs), in the last bit for some inputs, so a kernel that calls
// std::exp is not bit-identical to its host reference. Every row function
// calls these instead; they use only +, -, *, /, comparisons, integer bit
// manipulation, std::sqrt, std::floor and std::fabs, all of which round the
// same way on every IEEE-754 device (the build disables FP contraction, and
// nothing here calls fma), so both devices compute the same bits.
//
// How: each function reduces its argument exactly or in double-double
// (a value hi + lo carried in two doubles, about 106 bits), evaluates a short
// Taylor series whose leading terms are double-double too, and rounds once at
// the end. The error before that final rounding is far below 2^-60 relative,
// so results are the correctly rounded ones except in rare near-halfway cases
// (and then 1 ulp off); functions/tests/numeric_portable_math_test.cpp
// measures the distance to glibc.
//
//  - exp: x = (64 m + j) ln2/64 + r with ln2/64 in three parts (the first has
//    36 bits, so k * part1 is exact), exp(r) = 1 + r + r^2/2 + r^3 P(r),
//    times the table value 2^(j/64), scaled by 2^m through the exponent bits;
//    subnormal results are rounded once from the double-double value.
//  - log: x = 2^e m with m in [sqrt(1/2), sqrt(2)), c = j/128 nearest m,
//    log m = log c + 2 atanh(s), s = (m - c)/(m + c), |s| < 2^-8.
//  - pow: exp(y log|x|) with log in double-double and the product y log|x|
//    in double-double; the C99 Annex F special cases (pow(x, 0) = 1,
//    pow(1, y) = 1, zeros, infinities, negative bases with integer exponents).
//  - sin, cos, tan: x = q pi/2 + r. For |x| < 1e6 Cody-Waite with pi/2 in four
//    parts (three of 33 bits, so q * part is exact for q < 2^20); above that a
//    Payne-Hanek reduction that multiplies the 53-bit mantissa by a 192-bit
//    window of the bits of 2/pi in 64-bit integer arithmetic, which is exact
//    for every finite double (up to 1.8e308). Then sin/cos Taylor series on
//    |r| <= pi/4 in double-double; tan = sin/cos in double-double.
//  - atan: 1/x for |x| > 1, then atan x = atan(j/8) + atan((x - c)/(1 + x c))
//    with a table of atan(j/8); asin x = atan(x / sqrt((1-x)(1+x))),
//    acos x = 2 atan(sqrt((1-x)/(1+x))), atan2 from atan of |y|/|x| (scaled to
//    avoid overflow) and the quadrant, with C's signed-zero and infinity cases.
//
// All constants (tables, split constants) were generated with mpmath at 1600
// bits and printed as the nearest doubles (hi) and the nearest doubles to the
// remainder (lo).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tessera::fn::pmath {
namespace detail {

// 2^(j/64), j = 0..63, as hi + lo.
constexpr double kExp2Tab[128] = {
    1.0, 0.0,
    1.0108892860517005, -1.5234778603368577e-17,
    1.0218971486541166, 5.109225028973444e-17,
    1.0330248790212284, 7.600838874027088e-18,
    1.0442737824274138, 8.551889705537965e-17,
    1.0556451783605572, 1.759325738772092e-18,
    1.0671404006768237, -7.899853966841582e-17,
    1.0787607977571199, -6.656660436056593e-17,
    1.0905077326652577, -3.046782079812471e-17,
    1.102382583307841, 5.2660368715706944e-17,
    1.1143867425958924, 1.0410278456845571e-16,
    1.1265216186082418, 5.165856758795457e-17,
    1.1387886347566916, 8.912812676025408e-17,
    1.1511892299529827, 3.250710218863827e-17,
    1.1637248587775775, 3.8292048369240935e-17,
    1.1763969916502812, 5.554203254218079e-17,
    1.189207115002721, 3.982015231465646e-17,
    1.202156731452703, 6.644981499252301e-17,
    1.215247359980469, -7.712630692681488e-17,
    1.22848053610687, -1.89878163130253e-17,
    1.241857812073484, 4.658027591836937e-17,
    1.255380757024691, -6.7113898212968784e-18,
    1.2690509571917332, 2.667932131342186e-18,
    1.2828700160787783, 1.713594918243561e-17,
    1.2968395546510096, 2.5382502794888315e-17,
    1.3109612115247644, -7.181536135519454e-17,
    1.3252366431597413, -2.8587312100388614e-17,
    1.339667524053303, 8.927282594831732e-17,
    1.3542555469368927, 7.70094837980299e-17,
    1.3690024229745905, 9.593797919118849e-17,
    1.383909881963832, -6.770511658794786e-17,
    1.3989796725383112, -9.614213209051323e-17,
    1.4142135623730951, -9.667293313452913e-17,
    1.42961333839197, -1.2031642489053655e-17,
    1.4451808069770467, -3.0237581349939873e-17,
    1.460917794180647, -5.600377186075216e-17,
    1.4768261459394993, -3.483994556892796e-17,
    1.4929077282912648, 1.4192920154284036e-17,
    1.5091644275934228, -1.016455327754295e-16,
    1.5255981507445384, -1.1024941712342561e-16,
    1.5422108254079407, 7.949834809697621e-17,
    1.559004400237837, 3.7812070533575275e-17,
    1.5759808451078865, -1.0136916471278304e-17,
    1.593142151342267, -1.0094406542311964e-16,
    1.6104903319492543, 2.4707192569797888e-17,
    1.6280274218573478, -6.712955084707084e-17,
    1.645755478153965, -1.0125679913674773e-16,
    1.6636765803267364, 5.8909926967131e-17,
    1.681792830507429, 8.199010020581497e-17,
    1.7001063537185235, -8.0237193703977e-18,
    1.718619298122478, -1.851380418263111e-17,
    1.7373338352737062, 3.164389299292957e-17,
    1.7562521603732995, 2.960140695448873e-17,
    1.7753764925265212, 6.429731796556572e-17,
    1.7947090750031072, 1.8227458427912087e-17,
    1.8142521755003989, -9.969531538920349e-17,
    1.8340080864093424, 3.283107224245627e-17,
    1.8539791250833855, 9.761887490727594e-17,
    1.8741676341103, -6.122763413004143e-17,
    1.8945759815869656, 3.4034035352165297e-17,
    1.9152065613971474, -1.0619946056195963e-16,
    1.9360617934922943, 1.0332385960676326e-16,
    1.9571441241754002, 8.960767791036668e-17,
    1.978456026387951, 4.0388753109278167e-17,
};
// log(j/128), j = 91..181, as hi + lo.
constexpr double kLogTab[182] = {
    -0.34117075740276714, 1.9366790062602867e-17,
    -0.33024168687057687, 1.0828321637483858e-17,
    -0.3194307707663612, -1.354256857264811e-18,
    -0.3087354816496133, 1.6199186085148102e-17,
    -0.29815337231907635, 1.720695867445866e-17,
    -0.2876820724517809, -2.607160616442564e-17,
    -0.27731928541623435, 7.44528405583513e-18,
    -0.26706278524904525, 7.32891532732017e-18,
    -0.2569104137850272, -2.502843296152504e-17,
    -0.24686007793152578, -1.361743371748368e-17,
    -0.2369097470783577, -1.9682402978398164e-18,
    -0.22705745063534608, -9.551415762738488e-18,
    -0.2173012756899814, -1.6168452453763015e-18,
    -0.2076393647782445, -1.2053243216686129e-17,
    -0.1980699137620938, -3.742843482461439e-18,
    -0.18859116980755003, 7.432164219196925e-18,
    -0.179201429457711, 1.0785017454858423e-17,
    -0.16989903679539747, 4.868008764439071e-19,
    -0.16068238169047347, 3.650183553047837e-18,
    -0.15154989812720093, -5.1669593684615594e-18,
    -0.14250006260728304, 9.926388234225749e-18,
    -0.13353139262452263, 3.664457663660085e-18,
    -0.1246424452072766, 5.808912678940971e-18,
    -0.1158318155251217, -4.338484369808096e-18,
    -0.1070981355563671, 1.73705104015906e-18,
    -0.09844007281325252, 4.439009633675136e-18,
    -0.08985632912186105, 6.273760163689594e-19,
    -0.0813456394539524, -5.07707635593117e-18,
    -0.07290677080808779, 6.306860257532778e-18,
    -0.06453852113757118, 6.470486661692933e-18,
    -0.05623971832287608, 3.2835149805605613e-18,
    -0.048009219186360606, -1.4390903347292205e-18,
    -0.039845908547199674, 3.129547680315208e-18,
    -0.0317486983145803, -3.0382263084680858e-18,
    -0.023716526617316044, 1.5774243488668215e-18,
    -0.015748356968139168, -1.0021578630528974e-18,
    -0.007843177461025893, -2.764708154124904e-19,
    0.0, 0.0,
    0.007782140442054949, -1.2819179123343845e-20,
    0.015504186535965254, -3.278321022892429e-19,
    0.02316705928153438, -1.1769544932063305e-18,
    0.030771658666753687, 1.0431732029005968e-18,
    0.0383188643021366, -2.357996157351286e-18,
    0.0458095360312942, 1.902959866474257e-18,
    0.053244514518812285, -1.665575816973663e-18,
    0.06062462181643484, 2.6424025938726934e-18,
    0.06795066190850775, -1.2802141240611733e-18,
    0.07522342123758753, -5.930604196293241e-18,
    0.08244366921107459, 5.700437773813987e-18,
    0.08961215868968714, -5.4268129336647135e-18,
    0.09672962645855111, -5.597397486289965e-19,
    0.10379679368164356, 5.47772415726659e-18,
    0.11081436634029011, 1.183748342825649e-18,
    0.11778303565638346, -1.1971685747593677e-18,
    0.12470347850095724, -4.6522609636496624e-18,
    0.13157635778871926, 1.1123000879729588e-17,
    0.13840232285911913, 4.447777301357527e-18,
    0.1451820098444979, 8.242418783022475e-18,
    0.15191604202584197, 6.4838631244022194e-18,
    0.15860503017663857, 1.1257003872182592e-17,
    0.16524957289530717, -1.0094935622322628e-17,
    0.17185025692665923, -6.0224538210113705e-18,
    0.1784076574728183, -1.2432553788701131e-17,
    0.184922338494012, 3.0236614153574064e-18,
    0.19139485299962947, -1.2129496905792884e-17,
    0.19782574332991987, 1.2821194372980142e-17,
    0.2042155414286909, 2.7338281018722773e-18,
    0.21056476910734964, -4.249405314729895e-18,
    0.21687393830061436, 4.551026193234283e-18,
    0.22314355131420976, -9.091270597324799e-18,
    0.22937410106484582, 9.927671823978025e-18,
    0.2355660713127669, -2.3943371495187355e-18,
    0.24171993688714516, 8.900990022166643e-18,
    0.24783616390458127, -1.2432209578702523e-17,
    0.25391520998096345, -8.048097394424201e-18,
    0.25995752443692605, 2.069806938978935e-17,
    0.26596354849713794, 5.3393802761314314e-18,
    0.27193371548364176, 7.83319637697442e-19,
    0.2778684510034563, -9.16018294909263e-19,
    0.2837681731306446, -2.032665581126656e-17,
    0.28963329258304266, 2.0535953219858174e-17,
    0.2954642128938359, -2.16461086040599e-17,
    0.3012613305781618, -9.048511144048564e-18,
    0.3070250352949119, -1.2319916200101964e-17,
    0.3127557100038969, -1.451808353098951e-17,
    0.3184537311185346, 2.7114779367326236e-17,
    0.324119468654212, -7.958214381893813e-18,
    0.329753286372468, 2.122020616196946e-18,
    0.3353555419211378, 1.834564437059473e-17,
    0.3409265869705932, 1.7467136443544747e-17,
    0.34646676734620857, 1.028583585496265e-17,
};
// atan(j/8), j = 0..8, as hi + lo.
constexpr double kAtanTab[18] = {
    0.0, 0.0,
    0.12435499454676144, -3.1253241424539383e-18,
    0.24497866312686414, 1.0698755618734451e-17,
    0.35877067027057225, -2.4623815582638635e-17,
    0.4636476090008061, 2.2698777452961687e-17,
    0.5585993153435624, -5.4556305485916264e-18,
    0.6435011087932844, 1.5834785051444286e-17,
    0.7188299996216245, -2.1478388444456983e-17,
    0.7853981633974483, 3.061616997868383e-17,
};
// The bits of 2/pi after the binary point, 64 per word, most significant first.
constexpr uint64_t kTwoOverPi[22] = {
    0xa2f9836e4e441529ULL, 0xfc2757d1f534ddc0ULL, 0xdb6295993c439041ULL,
    0xfe5163abdebbc561ULL, 0xb7246e3a424dd2e0ULL, 0x06492eea09d1921cULL,
    0xfe1deb1cb129a73eULL, 0xe88235f52ebb4484ULL, 0xe99c7026b45f7e41ULL,
    0x3991d639835339f4ULL, 0x9c845f8bbdf9283bULL, 0x1ff897ffde05980fULL,
    0xef2f118b5a0a6d1fULL, 0x6d367ecf27cb09b7ULL, 0x4f463f669e5fea2dULL,
    0x7527bac7ebe5f17bULL, 0x3d0739f78a5292eaULL, 0x6bfb5fb11f8d5d08ULL,
    0x56033046fc7b6babULL, 0xf0cfbc209af4361dULL, 0xa9e391615ee61b08ULL,
    0x6599855f14a06840ULL,
};
constexpr double kLn2_hi = 0.6931471805599453;
constexpr double kLn2_lo = 2.3190468138462996e-17;
constexpr double kInvLn10_hi = 0.4342944819032518;
constexpr double kInvLn10_lo = 1.098319650216765e-17;
constexpr double kInvLn2_hi = 1.4426950408889634;
constexpr double kInvLn2_lo = 2.0355273740931033e-17;
constexpr double kPi_hi = 3.141592653589793;
constexpr double kPi_lo = 1.2246467991473532e-16;
constexpr double kPio2_hi = 1.5707963267948966;
constexpr double kPio2_lo = 6.123233995736766e-17;
constexpr double kPio4_hi = 0.7853981633974483;
constexpr double kPio4_lo = 3.061616997868383e-17;
constexpr double kInv6_hi = 0.16666666666666666;
constexpr double kInv6_lo = 9.25185853854297e-18;
constexpr double kInv120_hi = 0.008333333333333333;
constexpr double kInv120_lo = 1.1564823173178714e-19;
constexpr double kInv24_hi = 0.041666666666666664;
constexpr double kInv24_lo = 2.3129646346357427e-18;
constexpr double kInv3_hi = 0.3333333333333333;
constexpr double kInv3_lo = 1.850371707708594e-17;
constexpr double kLn2o64_1 = 0.010830424696223417;
constexpr double kLn2o64_2 = 2.572804622327669e-14;
constexpr double kLn2o64_3 = -1.5746795524851787e-30;
constexpr double k64oLn2 = 92.33248261689366;
constexpr double kPio2_1 = 1.5707963267341256;
constexpr double kPio2_2 = 6.077100506303966e-11;
constexpr double kPio2_3 = 2.0222662487111665e-21;
constexpr double kPio2_4 = 8.4784276603689e-32;
constexpr double k2oPi = 0.6366197723675814;
constexpr double k3Pio4 = 2.356194490192345;

// ---------------------------------------------------------------- basics

struct DD {  // the value hi + lo, |lo| <= ulp(hi) / 2 after normalisation
  double hi;
  double lo;
};

inline uint64_t bits_of(double x) {
  uint64_t u;
  __builtin_memcpy(&u, &x, sizeof u);
  return u;
}
inline double from_bits(uint64_t u) {
  double x;
  __builtin_memcpy(&x, &u, sizeof x);
  return x;
}
inline double inf() { return from_bits(0x7ff0000000000000ULL); }
inline double nan() { return from_bits(0x7ff8000000000000ULL); }
inline bool sign_bit(double x) { return (bits_of(x) >> 63) != 0; }

// 2^n for -1022 <= n <= 1023, built from the exponent bits.
inline double pow2(int n) { return from_bits(static_cast<uint64_t>(n + 1023) << 52); }
// v * 2^n in steps that stay in range; exact while the result is normal.
inline double scale(double v, int n) {
  while (n > 1023) {
    v *= 0x1p1023;
    n -= 1023;
  }
  while (n < -1022) {
    v *= 0x1p-1022;
    n += 1022;
  }
  return v * pow2(n);
}
// The unbiased binary exponent of a finite non-zero x (subnormals too).
inline int exponent_of(double x) {
  const uint64_t u = bits_of(x);
  const int be = static_cast<int>((u >> 52) & 0x7ff);
  if (be != 0) return be - 1023;
  return static_cast<int>((bits_of(x * 0x1p54) >> 52) & 0x7ff) - 1023 - 54;
}

// Error-free transformations (Knuth, Dekker): exact without FMA as long as
// nothing overflows (|a| < 2^995 for split).
inline DD two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  const double e = (a - (s - bb)) + (b - bb);
  return {s, e};
}
inline DD fast_two_sum(double a, double b) {  // needs |a| >= |b| (or a == 0)
  const double s = a + b;
  const double e = b - (s - a);
  return {s, e};
}
inline void split(double a, double* h, double* l) {
  const double c = 134217729.0 * a;  // 2^27 + 1
  *h = c - (c - a);
  *l = a - *h;
}
inline DD two_prod(double a, double b) {
  const double p = a * b;
  double ah, al, bh, bl;
  split(a, &ah, &al);
  split(b, &bh, &bl);
  const double e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  return {p, e};
}

// Double-double arithmetic (relative error about 2^-104 per operation).
inline DD dd(double hi, double lo) { return {hi, lo}; }
inline DD dd_neg(DD a) { return {-a.hi, -a.lo}; }
inline DD dd_add(DD a, DD b) {
  DD s = two_sum(a.hi, b.hi);
  const DD t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = fast_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return fast_two_sum(s.hi, s.lo);
}
inline DD dd_add_d(DD a, double b) {
  DD s = two_sum(a.hi, b);
  s.lo += a.lo;
  return fast_two_sum(s.hi, s.lo);
}
inline DD dd_mul(DD a, DD b) {
  DD p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return fast_two_sum(p.hi, p.lo);
}
inline DD dd_mul_d(DD a, double b) {
  DD p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return fast_two_sum(p.hi, p.lo);
}
inline DD dd_div(DD a, DD b) {
  const double q1 = a.hi / b.hi;
  const DD r = dd_add(a, dd_neg(dd_mul_d(b, q1)));
  const double q2 = r.hi / b.hi;
  const DD r2 = dd_add(r, dd_neg(dd_mul_d(b, q2)));
  const double q3 = r2.hi / b.hi;
  const DD q = fast_two_sum(q1, q2);
  return dd_add_d(q, q3);
}
inline DD dd_sqrt(DD a) {  // a >= 0
  if (a.hi <= 0.0) return {0.0, 0.0};
  const double s = std::sqrt(a.hi);
  const DD p = two_prod(s, s);
  const double r = ((a.hi - p.hi) - p.lo) + a.lo;
  return fast_two_sum(s, r / (2.0 * s));
}

// ---------------------------------------------------------------- exp, log

// exp(th + tl) rounded once to double, for finite th (|tl| <= ulp(th)).
inline double exp_dd(double th, double tl) {
  if (th > 709.8) return inf();
  if (th < -745.2) return 0.0;
  const double kd = std::floor(th * k64oLn2 + 0.5);
  const int k = static_cast<int>(kd);
  const int j = k & 63;
  const int m = (k - j) / 64;
  // r = t - k ln2/64: k * part1 is exact (36-bit part, |k| < 2^17) and so is
  // the subtraction (Sterbenz); the other parts go through double-double.
  DD r = two_sum(th - kd * kLn2o64_1, tl);
  r = dd_add(r, dd_neg(two_prod(kd, kLn2o64_2)));
  r = dd_add_d(r, -kd * kLn2o64_3);
  // expm1(r) = r + r^2/2 + r^3 (1/6 + r/24 + ...), |r| <= 0.0055: the tail
  // is below 3e-8 and its double rounding error below 2^-80.
  const double x = r.hi;
  DD r2 = two_prod(x, x);
  r2.lo += 2.0 * x * r.lo;
  const DD half = {r2.hi * 0.5, r2.lo * 0.5};
  const double tail =
      x * x * x *
      (1.0 / 6 + x * (1.0 / 24 + x * (1.0 / 120 + x * (1.0 / 720 + x * (1.0 / 5040 + x * (1.0 / 40320))))));
  const DD p = dd_add(r, dd_add_d(half, tail));
  const DD tj = {kExp2Tab[2 * j], kExp2Tab[2 * j + 1]};
  const DD res = dd_add(tj, dd_mul(tj, p));  // 2^(j/64) exp(r), in [0.99, 2)
  if (m >= -1021) return scale(res.hi, m);    // normal result: exact scaling
  // Subnormal result: round res * 2^(m + 1074) to an integer n (ties to even),
  // once, from the double-double value; the result is n * 2^-1074.
  const double sc = pow2(m + 1074);
  const double uh = res.hi * sc;
  const double ul = res.lo * sc;
  double n = std::floor(uh);
  const double f = (uh - n) + ul;
  if (f > 0.5 || (f == 0.5 && std::floor(n * 0.5) != n * 0.5)) n += 1.0;
  else if (f < -0.5 || (f == -0.5 && std::floor(n * 0.5) != n * 0.5)) n -= 1.0;
  return n * 0x1p-1074;
}

// log(x) in double-double for finite x > 0 (subnormals too).
inline DD log_dd(double x) {
  int e = 0;
  if (x < 0x1p-1022) {
    x *= 0x1p54;
    e = -54;
  }
  const uint64_t u = bits_of(x);
  e += static_cast<int>(u >> 52) - 1023;
  double m = from_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);  // [1, 2)
  if (m > 1.4142135623730951) {
    m *= 0.5;
    e += 1;
  }
  // c = j/128 nearest m, j in [91, 181]; m - c is exact (Sterbenz).
  const double jd = std::floor(m * 128.0 + 0.5);
  const int j = static_cast<int>(jd);
  const double c = jd * 0.0078125;
  const DD s = dd_div(dd(m - c, 0.0), two_sum(m, c));  // |s| < 0.00277
  // log(m/c) = 2 atanh(s) = 2s + 2s^3 (1/3 + s^2/5 + ...); the tail is below
  // 2.6e-6 relative, so its double rounding error is below 2^-70.
  const double z = s.hi * s.hi;
  const double tail =
      2.0 * s.hi * z * (1.0 / 3 + z * (1.0 / 5 + z * (1.0 / 7 + z * (1.0 / 9 + z * (1.0 / 11)))));
  DD r = dd_add_d(dd(2.0 * s.hi, 2.0 * s.lo), tail);
  r = dd_add(dd(kLogTab[2 * (j - 91)], kLogTab[2 * (j - 91) + 1]), r);
  if (e != 0) {
    const double ed = static_cast<double>(e);
    DD el = two_prod(ed, kLn2_hi);
    el.lo += ed * kLn2_lo;
    r = dd_add(fast_two_sum(el.hi, el.lo), r);
  }
  return r;
}

// ---------------------------------------------------------------- trig

struct Reduced {
  int q;  // quadrant, x = (4n + q) pi/2 + r
  DD r;   // |r| <= pi/4 (plus a rounding of q's estimate)
};

// 64 bits of 2/pi starting at bit i (bit 1 is the first after the point;
// bits at i <= 0 are zero since 2/pi < 1).
inline uint64_t two_over_pi_bits(int i) {
  const int o = i - 1;
  if (o <= -64) return 0;
  if (o < 0) return kTwoOverPi[0] >> (-o);
  const int w = o >> 6;
  const int s = o & 63;
  if (s == 0) return kTwoOverPi[w];
  return (kTwoOverPi[w] << s) | (kTwoOverPi[w + 1] >> (64 - s));
}

// x = q pi/2 + r for finite x.
inline Reduced reduce_pio2(double x) {
  const double ax = std::fabs(x);
  Reduced out;
  if (ax < 1.0e6) {
    // Cody-Waite: q < 2^20, so q * part1..3 (33 bits each) are exact and
    // ax - q * part1 is exact (Sterbenz); pi/2 is carried to about 2^-150.
    const double qd = std::floor(ax * k2oPi + 0.5);
    const double a = ax - qd * kPio2_1;
    const DD s = two_sum(a, -(qd * kPio2_2));
    const DD s2 = two_sum(s.hi, -(qd * kPio2_3));
    const double lo = (s.lo + s2.lo) - qd * kPio2_4;
    out.r = two_sum(s2.hi, lo);
    out.q = static_cast<int>(static_cast<int64_t>(qd) & 3);
  } else {
    // Payne-Hanek: ax = M 2^E with a 53-bit integer M. Bits of 2/pi before
    // bit E - 1 contribute multiples of 4 to ax * 2/pi, so x * 2/pi mod 4 is
    // M * W mod 2^192 scaled by 2^-190, W the 192 bits from bit E - 1 on.
    // The bits dropped after W contribute less than 2^-137; the fraction of
    // any double is at least about 2^-62, so more than 70 bits stay exact.
    using u128 = unsigned __int128;
    const uint64_t u = bits_of(ax);
    const uint64_t mant = (u & 0x000fffffffffffffULL) | (1ULL << 52);
    const int e2 = static_cast<int>(u >> 52) - 1075;
    const int i0 = e2 - 1;
    const uint64_t w0 = two_over_pi_bits(i0);
    const uint64_t w1 = two_over_pi_bits(i0 + 64);
    const uint64_t w2 = two_over_pi_bits(i0 + 128);
    const u128 p2 = static_cast<u128>(mant) * w2;
    const u128 p1 = static_cast<u128>(mant) * w1;
    const u128 p0 = static_cast<u128>(mant) * w0;
    const uint64_t r2 = static_cast<uint64_t>(p2);
    const u128 mid = (p2 >> 64) + static_cast<uint64_t>(p1);
    const uint64_t r1 = static_cast<uint64_t>(mid);
    const uint64_t r0 =
        static_cast<uint64_t>(p1 >> 64) + static_cast<uint64_t>(p0) + static_cast<uint64_t>(mid >> 64);
    int q = static_cast<int>(r0 >> 62);
    const uint64_t fh = (r0 << 2) | (r1 >> 62);
    const uint64_t fl = (r1 << 2) | (r2 >> 62);
    u128 f = (static_cast<u128>(fh) << 64) | fl;  // fraction * 2^128
    bool neg = false;
    if ((fh >> 63) != 0) {  // fraction >= 1/2: next quadrant, r negative
      f = ~f + 1;
      neg = true;
      q = (q + 1) & 3;
    }
    DD frac = {0.0, 0.0};
    if (f != 0) {
      int lz = 0;
      if (static_cast<uint64_t>(f >> 64) == 0) {
        f <<= 64;
        lz = 64;
      }
      uint64_t hw = static_cast<uint64_t>(f >> 64);
      int n = 0;
      for (int sh = 32; sh > 0; sh >>= 1) {
        if ((hw >> (64 - sh)) == 0) {
          hw <<= sh;
          n += sh;
        }
      }
      f <<= n;
      lz += n;
      const double hi = static_cast<double>(static_cast<uint64_t>(f >> 75));                 // 53 bits
      const double lo = static_cast<double>(static_cast<uint64_t>(f >> 22) & ((1ULL << 53) - 1));  // next 53
      frac = fast_two_sum(hi * pow2(-53 - lz), lo * pow2(-106 - lz));
    }
    out.r = dd_mul(frac, dd(kPio2_hi, kPio2_lo));
    if (neg) out.r = dd_neg(out.r);
    out.q = q;
  }
  if (x < 0) {
    out.q = (4 - out.q) & 3;
    out.r = dd_neg(out.r);
  }
  return out;
}

// sin r and cos r for |r| <= pi/4 + a little: Taylor series, the last terms
// in double (their share of the result is below 0.4%), the first in
// double-double. Truncation below 1e-24 relative.
inline DD sin_kernel(DD r) {
  const DD z = dd_mul(r, r);
  const double x = z.hi;
  const double tail =
      -1.0 / 5040 +
      x * (1.0 / 362880 +
           x * (-1.0 / 39916800 +
                x * (1.0 / 6227020800.0 +
                     x * (-1.0 / 1307674368000.0 +
                          x * (1.0 / 355687428096000.0 +
                               x * (-1.0 / 121645100408832000.0 +
                                    x * (1.0 / 51090942171709440000.0 + x * (-1.0 / 25852016738884976640000.0))))))));
  const DD t1 = dd_add_d(dd(kInv120_hi, kInv120_lo), x * tail);
  const DD t2 = dd_add(dd(-kInv6_hi, -kInv6_lo), dd_mul(z, t1));
  return dd_add(r, dd_mul(r, dd_mul(z, t2)));
}
inline DD cos_kernel(DD r) {
  const DD z = dd_mul(r, r);
  const double x = z.hi;
  const double tail =
      -1.0 / 720 +
      x * (1.0 / 40320 +
           x * (-1.0 / 3628800 +
                x * (1.0 / 479001600 +
                     x * (-1.0 / 87178291200.0 +
                          x * (1.0 / 20922789888000.0 +
                               x * (-1.0 / 6402373705728000.0 +
                                    x * (1.0 / 2432902008176640000.0 +
                                         x * (-1.0 / 1124000727777607680000.0 +
                                              x * (1.0 / 620448401733239439360000.0)))))))));
  const DD t1 = dd_add_d(dd(kInv24_hi, kInv24_lo), x * tail);
  const DD t2 = dd_add_d(dd_mul(z, t1), -0.5);
  return dd_add_d(dd_mul(z, t2), 1.0);
}

// atan a for a double-double a >= 0 (a.hi <= 2^200), in double-double.
inline DD atan_pos(DD a) {
  bool inv = false;
  if (a.hi > 1.0) {
    a = dd_div(dd(1.0, 0.0), a);
    inv = true;
  }
  // atan a = atan c + atan((a - c)/(1 + a c)), c = j/8 nearest a.
  const double jd = std::floor(a.hi * 8.0 + 0.5);
  const int j = static_cast<int>(jd);
  const double c = jd * 0.125;
  DD t = a;
  if (j != 0) t = dd_div(two_sum(a.hi - c, a.lo), dd_add_d(dd_mul_d(a, c), 1.0));  // |t| <= 1/16
  // atan t = t - t^3/3 + t^5/5 - ...; terms from t^5 on are below 3e-6 relative.
  const DD z = dd_mul(t, t);
  const double x = z.hi;
  const double tail =
      x * x *
      (1.0 / 5 +
       x * (-1.0 / 7 +
            x * (1.0 / 9 +
                 x * (-1.0 / 11 + x * (1.0 / 13 + x * (-1.0 / 15 + x * (1.0 / 17 + x * (-1.0 / 19))))))));
  const DD w = dd_add_d(dd_mul(z, dd(-kInv3_hi, -kInv3_lo)), tail);
  DD res = dd_add(t, dd_mul(t, w));
  res = dd_add(dd(kAtanTab[2 * j], kAtanTab[2 * j + 1]), res);
  if (inv) res = dd_add(dd(kPio2_hi, kPio2_lo), dd_neg(res));
  return res;
}

}  // namespace detail

// ---------------------------------------------------------------- public

inline double exp(double x) {
  if (x != x) return x + x;
  if (x > 709.8) return detail::inf();
  if (x < -745.2) return 0.0;
  return detail::exp_dd(x, 0.0);
}

inline double exp2(double x) {
  if (x != x) return x + x;
  if (x > 1025.0) return detail::inf();
  if (x < -1076.0) return 0.0;
  detail::DD t = detail::two_prod(x, detail::kLn2_hi);
  t.lo += x * detail::kLn2_lo;
  t = detail::fast_two_sum(t.hi, t.lo);
  return detail::exp_dd(t.hi, t.lo);
}

inline double log(double x) {
  if (x != x) return x + x;
  if (x < 0.0) return detail::nan();
  if (x == 0.0) return -detail::inf();
  if (x > 1.7976931348623157e308) return x;
  return detail::log_dd(x).hi;
}

inline double log10(double x) {
  if (x != x) return x + x;
  if (x < 0.0) return detail::nan();
  if (x == 0.0) return -detail::inf();
  if (x > 1.7976931348623157e308) return x;
  return detail::dd_mul(detail::log_dd(x), detail::dd(detail::kInvLn10_hi, detail::kInvLn10_lo)).hi;
}

inline double log2(double x) {
  if (x != x) return x + x;
  if (x < 0.0) return detail::nan();
  if (x == 0.0) return -detail::inf();
  if (x > 1.7976931348623157e308) return x;
  return detail::dd_mul(detail::log_dd(x), detail::dd(detail::kInvLn2_hi, detail::kInvLn2_lo)).hi;
}

// pow with the special cases of C99 Annex F (F.9.4.4).
inline double pow(double x, double y) {
  using namespace detail;
  if (y == 0.0) return 1.0;  // even for NaN x
  if (x == 1.0) return 1.0;  // even for NaN y
  if (x != x || y != y) return x + y;
  const double ax = std::fabs(x);
  const double ay = std::fabs(y);
  bool y_int = true;
  bool y_odd = false;
  if (ay < 0x1p53) {
    y_int = std::floor(y) == y;
    y_odd = y_int && std::floor(y * 0.5) != y * 0.5;
  }
  if (ay > 1.7976931348623157e308) {  // y = +-inf
    if (ax == 1.0) return 1.0;        // x = -1
    return (ax < 1.0) == (y > 0.0) ? 0.0 : inf();
  }
  if (ax == 0.0) {
    if (y < 0.0) return (y_odd && sign_bit(x)) ? -inf() : inf();
    return y_odd ? x : 0.0;
  }
  if (ax > 1.7976931348623157e308) {  // x = +-inf
    if (x > 0.0) return y > 0.0 ? inf() : 0.0;
    if (y > 0.0) return y_odd ? -inf() : inf();
    return y_odd ? -0.0 : 0.0;
  }
  double sign = 1.0;
  if (x < 0.0) {
    if (!y_int) return nan();
    if (y_odd) sign = -1.0;
  }
  if (ax == 1.0) return sign;  // x = -1 (log 0 times a huge y would overflow the split)
  // exp(y log|x|): log in double-double, the product in double-double, so the
  // exponent carries about 100 bits (|y log x| <= 746 in range).
  const DD l = log_dd(ax);
  const double p = y * l.hi;
  if (p > 709.8) return sign * inf();
  if (p < -745.2) return sign * 0.0;
  DD t = two_prod(y, l.hi);  // |y| < 2^63 here since |log x| >= 2^-53
  t.lo += y * l.lo;
  t = fast_two_sum(t.hi, t.lo);
  return sign * exp_dd(t.hi, t.lo);
}

inline double sin(double x) {
  using namespace detail;
  const double ax = std::fabs(x);
  if (!(ax <= 1.7976931348623157e308)) return x - x;  // inf, NaN: NaN
  if (ax < 0x1p-27) return x;                          // sin x = x (1 - x^2/6 ...)
  if (ax <= kPio4_hi) return sin_kernel(dd(x, 0.0)).hi;
  const Reduced rd = reduce_pio2(x);
  switch (rd.q) {
    case 0: return sin_kernel(rd.r).hi;
    case 1: return cos_kernel(rd.r).hi;
    case 2: return -sin_kernel(rd.r).hi;
    default: return -cos_kernel(rd.r).hi;
  }
}

inline double cos(double x) {
  using namespace detail;
  const double ax = std::fabs(x);
  if (!(ax <= 1.7976931348623157e308)) return x - x;
  if (ax < 0x1p-27) return 1.0;
  if (ax <= kPio4_hi) return cos_kernel(dd(x, 0.0)).hi;
  const Reduced rd = reduce_pio2(x);
  switch (rd.q) {
    case 0: return cos_kernel(rd.r).hi;
    case 1: return -sin_kernel(rd.r).hi;
    case 2: return -cos_kernel(rd.r).hi;
    default: return sin_kernel(rd.r).hi;
  }
}

inline double tan(double x) {
  using namespace detail;
  const double ax = std::fabs(x);
  if (!(ax <= 1.7976931348623157e308)) return x - x;
  if (ax < 0x1p-27) return x;  // tan x = x (1 + x^2/3 ...)
  Reduced rd = {0, dd(x, 0.0)};
  if (ax > kPio4_hi) rd = reduce_pio2(x);
  const DD s = sin_kernel(rd.r);
  const DD c = cos_kernel(rd.r);
  if ((rd.q & 1) == 0) return dd_div(s, c).hi;
  return -dd_div(c, s).hi;
}

inline double atan(double x) {
  using namespace detail;
  if (x != x) return x + x;
  const double ax = std::fabs(x);
  if (ax < 0x1p-27) return x;  // atan x = x (1 - x^2/3 ...)
  const double r = ax > 0x1p66 ? kPio2_hi : atan_pos(dd(ax, 0.0)).hi;
  return x < 0.0 ? -r : r;
}

inline double asin(double x) {
  using namespace detail;
  if (x != x) return x + x;
  const double ax = std::fabs(x);
  if (ax > 1.0) return nan();
  if (ax < 0x1p-27) return x;  // asin x = x (1 + x^2/6 ...)
  double r = kPio2_hi;
  if (ax < 1.0) {
    // asin a = atan(a / sqrt((1 - a)(1 + a))); 1 - a and 1 + a are exact
    // double-doubles, so the result is accurate up to a = 1 - 2^-53.
    const DD d = dd_sqrt(dd_mul(two_sum(1.0, -ax), two_sum(1.0, ax)));
    r = atan_pos(dd_div(dd(ax, 0.0), d)).hi;
  }
  return x < 0.0 ? -r : r;
}

inline double acos(double x) {
  using namespace detail;
  if (x != x) return x + x;
  if (std::fabs(x) > 1.0) return nan();
  if (x == 1.0) return 0.0;
  if (x == -1.0) return kPi_hi;
  // acos x = 2 atan(sqrt((1 - x)/(1 + x))), for every x in (-1, 1).
  const DD q = dd_div(two_sum(1.0, -x), two_sum(1.0, x));
  return 2.0 * atan_pos(dd_sqrt(q)).hi;
}

// atan2 with the signed-zero and infinity cases of C99 Annex F (F.9.1.4).
inline double atan2(double y, double x) {
  using namespace detail;
  if (x != x || y != y) return x + y;
  const bool xneg = sign_bit(x);
  const double ax = std::fabs(x);
  const double ay = std::fabs(y);
  constexpr double kMax = 1.7976931348623157e308;
  double r;
  if (ay == 0.0) {
    r = xneg ? kPi_hi : 0.0;
  } else if (ax == 0.0) {
    r = kPio2_hi;
  } else if (ay > kMax) {
    r = ax > kMax ? (xneg ? k3Pio4 : kPio4_hi) : kPio2_hi;
  } else if (ax > kMax) {
    r = xneg ? kPi_hi : 0.0;
  } else {
    const int ey = exponent_of(ay);
    const int ex = exponent_of(ax);
    if (ey - ex > 60) {
      r = kPio2_hi;  // pi/2 -+ less than 2^-59 rounds to pi/2's double
    } else if (ex - ey > 60) {
      r = xneg ? kPi_hi : ay / ax;  // atan t = t (1 - t^2/3) with t < 2^-59
    } else {
      // Scale so the larger is in [1, 2): exact, nothing over- or underflows.
      const int sh = -(ex > ey ? ex : ey);
      const double sy = scale(ay, sh);
      const double sx = scale(ax, sh);
      DD a;
      if (sy > sx) a = dd_add(dd(kPio2_hi, kPio2_lo), dd_neg(atan_pos(dd_div(dd(sx, 0.0), dd(sy, 0.0)))));
      else a = atan_pos(dd_div(dd(sy, 0.0), dd(sx, 0.0)));
      if (xneg) a = dd_add(dd(kPi_hi, kPi_lo), dd_neg(a));
      r = a.hi;
    }
  }
  return sign_bit(y) ? -r : r;
}

}  // namespace tessera::fn::pmath
