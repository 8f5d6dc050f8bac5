<?xml version="1.0"?>
<tileset name="c88"><tileset/><tileset firstgid="9" source="c89.tsx"/></tileset>
