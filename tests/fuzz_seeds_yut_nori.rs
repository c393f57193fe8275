//! The kept fuzz seeds of yut_nori (`fuzz/corpus/yut_nori/`, `fuzz/corpus/yut_nori_parse/`) replayed through
//! the same decoding and checks as the fuzz targets (tests/common/fuzz_seeds.rs).

mod common;

fuzz_seeds!("yut_nori");
