"""Files within the upload limit (issue 23): as they are, else gzipped, else refused."""

from __future__ import annotations

import gzip
import random

import pytest

from core.common.errors import Conflict
from services.common import fit_files
from services.common.uploads import mib


async def test_files_that_fit_are_sent_as_they_are(workers):
    files = [("a.csv", b"x" * 600), ("b.json", b"y" * 400)]
    assert await fit_files(files, limit=1000, too_big="x.too_big", workers=workers) == files


async def test_files_over_the_limit_together_are_all_compressed(workers):
    files = [("a.csv", b"rank,player\n" * 100), ("b.json", b'{"a": 1}' * 100)]
    packed = await fit_files(files, limit=1000, too_big="x.too_big", workers=workers)
    assert [name for name, _ in packed] == ["a.csv.gz", "b.json.gz"]
    assert [gzip.decompress(data) for _, data in packed] == [data for _, data in files]
    assert packed == await fit_files(
        files, limit=1000, too_big="x.too_big", workers=workers
    )  # same bytes


async def test_noise_that_does_not_compress_is_refused_with_the_sizes(workers):
    noise = random.Random(1).randbytes(3 * 1024 * 1024)
    with pytest.raises(Conflict) as refused:
        await fit_files(
            [("n.json", noise)], limit=2 * 1024 * 1024, too_big="x.too_big", workers=workers
        )
    assert refused.value.key == "x.too_big"
    assert refused.value.values["limit"] == 2.0 and refused.value.values["size"] >= 3.0


def test_sizes_in_mib_round_up():
    assert (mib(10 * 1024 * 1024), mib(10 * 1024 * 1024 + 1), mib(1)) == (10.0, 10.1, 0.1)
