<?xml version="1.0"?>
<tileset name="c64"><tileset/><tileset firstgid="9" source="c65.tsx"/></tileset>
