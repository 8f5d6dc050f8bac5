<?xml version="1.0"?>
<tileset name="c16"><tileset/><tileset firstgid="9" source="c17.tsx"/></tileset>
